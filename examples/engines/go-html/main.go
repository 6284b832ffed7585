// Command go-html-engine: Go's golang.org/x/net/html as a litmus engine (see
// docs/engines.md, "External engines").
//
//	persistent: examples/engines/go-html/go-html-engine
//	one-shot:   examples/engines/go-html/go-html-engine [--fragment CONTEXT] --scripting on|off [--output tree|html]
//
// Documents go through html.ParseWithOptions, fragments through
// html.ParseFragmentWithOptions with a context element made from the html5lib
// context (`td`, `svg path`, `math mi`: Namespace "svg" or "math", Data the local
// name, DataAtom its atom); the scripting flag is html.ParseOptionEnableScripting.
// The tree is written as an html5lib dump (x/net/html keeps a template's contents
// as its children; they are written under `content`).
//
// No serialization is given: html.Render is not the standard's HTML fragment
// serialization algorithm (void elements as `<br/>`, U+00A0 and `<`/`>` in
// comments escaped differently, nothing after a `<plaintext>`'s text), and its own
// documentation warns that rendering and parsing do not always round-trip, so the
// serialization and round-trip levels are skipped for this engine.
//
// Built by scripts/setup-more-engines.sh against Debian's golang-golang-x-net-dev
// (GOPATH=/usr/share/gocode, GO111MODULE=off: no module download), which also
// stamps the package's version into netVersion.
package main

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"unicode/utf16"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// netVersion is the x/net version and netPackage the package it came from, set at
// build time with -ldflags "-X main.netVersion=… -X main.netPackage=…".
var (
	netVersion = "unknown"
	netPackage = "unknown package"
)

type request struct {
	ID        uint64  `json:"id"`
	Input     string  `json:"input"`
	Fragment  *string `json:"fragment"`
	Scripting bool    `json:"scripting"`
}

type reply struct {
	ID   uint64  `json:"id"`
	Tree string  `json:"tree"`
	HTML *string `json:"html"`
}

type hello struct {
	Protocol int    `json:"protocol"`
	Engine   string `json:"engine"`
	Version  string `json:"version"`
}

func version() string {
	return fmt.Sprintf("golang.org/x/net/html %s (%s, %s)", netVersion, netPackage, runtime.Version())
}

// parse answers one request: the top-level nodes (the document's children, or the
// fragment's nodes).
func parse(req request) ([]*html.Node, error) {
	opt := html.ParseOptionEnableScripting(req.Scripting)
	if req.Fragment == nil {
		doc, err := html.ParseWithOptions(strings.NewReader(req.Input), opt)
		if err != nil {
			return nil, err
		}
		var nodes []*html.Node
		for c := doc.FirstChild; c != nil; c = c.NextSibling {
			nodes = append(nodes, c)
		}
		return nodes, nil
	}
	namespace, local := "", *req.Fragment
	if i := strings.IndexByte(local, ' '); i >= 0 {
		namespace, local = local[:i], local[i+1:]
	}
	context := &html.Node{
		Type:      html.ElementNode,
		Data:      local,
		DataAtom:  atom.Lookup([]byte(local)),
		Namespace: namespace,
	}
	return html.ParseFragmentWithOptions(strings.NewReader(req.Input), context, opt)
}

type shownAttribute struct{ name, value string }

// utf16Less orders attribute names by UTF-16 code units, as the html5lib format does.
func utf16Less(a, b string) bool {
	x, y := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(x) && i < len(y); i++ {
		if x[i] != y[i] {
			return x[i] < y[i]
		}
	}
	return len(x) < len(y)
}

type entry struct {
	node  *html.Node
	depth int
}

// dump writes the html5lib tree dump of nodes, with an explicit stack.
func dump(nodes []*html.Node) string {
	var b strings.Builder
	stack := make([]entry, 0, len(nodes))
	for i := len(nodes) - 1; i >= 0; i-- {
		stack = append(stack, entry{nodes[i], 0})
	}
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		prefix := "| " + strings.Repeat("  ", e.depth)
		n := e.node
		switch n.Type {
		case html.DoctypeNode:
			var public, system string
			for _, a := range n.Attr {
				switch a.Key {
				case "public":
					public = a.Val
				case "system":
					system = a.Val
				}
			}
			ids := ""
			if public != "" || system != "" {
				ids = fmt.Sprintf(` "%s" "%s"`, public, system)
			}
			fmt.Fprintf(&b, "%s<!DOCTYPE %s%s>\n", prefix, n.Data, ids)
		case html.CommentNode:
			fmt.Fprintf(&b, "%s<!-- %s -->\n", prefix, n.Data)
		case html.TextNode:
			fmt.Fprintf(&b, "%s\"%s\"\n", prefix, n.Data)
		case html.ElementNode:
			name := n.Data
			if n.Namespace != "" {
				name = n.Namespace + " " + n.Data
			}
			fmt.Fprintf(&b, "%s<%s>\n", prefix, name)
			attributes := make([]shownAttribute, 0, len(n.Attr))
			for _, a := range n.Attr {
				shown := a.Key
				if a.Namespace != "" {
					shown = a.Namespace + " " + a.Key
				}
				attributes = append(attributes, shownAttribute{shown, a.Val})
			}
			sort.SliceStable(attributes, func(i, j int) bool {
				return utf16Less(attributes[i].name, attributes[j].name)
			})
			for _, a := range attributes {
				fmt.Fprintf(&b, "%s  %s=\"%s\"\n", prefix, a.name, a.value)
			}
			depth := e.depth + 1
			if n.Namespace == "" && n.Data == "template" {
				fmt.Fprintf(&b, "%s  content\n", prefix)
				depth++
			}
			var children []*html.Node
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				children = append(children, c)
			}
			for i := len(children) - 1; i >= 0; i-- {
				stack = append(stack, entry{children[i], depth})
			}
		default:
			fmt.Fprintf(&b, "%s<!-- unexpected node type %d -->\n", prefix, n.Type)
		}
	}
	return b.String()
}

func answer(req request) (reply, error) {
	nodes, err := parse(req)
	if err != nil {
		return reply{}, err
	}
	return reply{ID: req.ID, Tree: dump(nodes)}, nil
}

func writeFrame(w *bufio.Writer, message any) error {
	payload, err := json.Marshal(message)
	if err != nil {
		return err
	}
	var header [4]byte
	binary.BigEndian.PutUint32(header[:], uint32(len(payload)))
	if _, err := w.Write(header[:]); err != nil {
		return err
	}
	if _, err := w.Write(payload); err != nil {
		return err
	}
	return w.Flush()
}

// servePersistent speaks protocol 2: a hello, then one reply per request, in order.
func servePersistent() error {
	in := bufio.NewReader(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	if err := writeFrame(out, hello{2, "go-html", version()}); err != nil {
		return err
	}
	for {
		var header [4]byte
		if _, err := io.ReadFull(in, header[:]); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		payload := make([]byte, binary.BigEndian.Uint32(header[:]))
		if _, err := io.ReadFull(in, payload); err != nil {
			return err
		}
		var req request
		if err := json.Unmarshal(payload, &req); err != nil {
			return err
		}
		rep, err := answer(req)
		if err != nil {
			if err := writeFrame(out, map[string]any{"id": req.ID, "error": err.Error()}); err != nil {
				return err
			}
			continue
		}
		if err := writeFrame(out, rep); err != nil {
			return err
		}
	}
}

func oneShot(args []string) error {
	req := request{Scripting: true}
	output := "tree"
	for i := 0; i < len(args); i += 2 {
		if i+1 >= len(args) {
			return fmt.Errorf("bad argument %q", args[i])
		}
		option, value := args[i], args[i+1]
		switch {
		case option == "--fragment":
			context := value
			req.Fragment = &context
		case option == "--scripting" && (value == "on" || value == "off"):
			req.Scripting = value == "on"
		case option == "--output" && (value == "tree" || value == "html"):
			output = value
		default:
			return fmt.Errorf("bad argument %q %q", option, value)
		}
	}
	input, err := io.ReadAll(os.Stdin)
	if err != nil {
		return err
	}
	req.Input = string(input)
	rep, err := answer(req)
	if err != nil {
		return err
	}
	if output == "html" {
		return errors.New("no serialization: html.Render is not the standard's serializer")
	}
	_, err = io.WriteString(os.Stdout, rep.Tree)
	return err
}

func main() {
	// A panic in the parser ends the program, as it would end any program using
	// x/net/html, but with one line on stderr that names it (litmus keeps the end of
	// stderr as the crash's message), rather than a stack trace whose last line is
	// an address in this file.
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(os.Stderr, "go-html-engine: golang.org/x/net/html panicked: %v\n", r)
			os.Exit(2)
		}
	}()
	var err error
	if len(os.Args) > 1 {
		err = oneShot(os.Args[1:])
	} else {
		err = servePersistent()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "go-html-engine:", err)
		os.Exit(1)
	}
}
