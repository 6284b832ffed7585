# What scripts/setup-chromium.sh, setup-firefox.sh and setup-webkit.sh share (sourced).

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# apt_install PACKAGE… — Debian's packages, non-interactively.
apt_install() {
    as_root apt-get update -q
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"
}

# need_node NAME — Node.js >= 20 and npm, or exit 1.
need_node() {
    if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
        echo "$1: node and npm are needed (Node.js >= 20)" >&2
        exit 1
    fi
    local major
    major="$(node -p 'process.versions.node.split(".")[0]')"
    if [ "$major" -lt 20 ]; then
        echo "$1: Node.js >= 20 is needed, found $(node --version)" >&2
        exit 1
    fi
}

# smoke_test NAME ADAPTER — one request through the adapter's persistent protocol
# (unless SKIP_SMOKE_TEST=1), checked against the tree every browser builds.
smoke_test() {
    [ "${SKIP_SMOKE_TEST:-}" = 1 ] && return 0
    local reply
    reply="$(node examples/engines/chromium_drive.mjs --engine "node $2" '<p>One<p>Two')"
    case "$reply" in
        *'"tree":"| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"One\"\n|     <p>\n|       \"Two\"\n"'*)
            echo "$1: the adapter answers" ;;
        *)
            echo "$1: unexpected reply from the adapter: $reply" >&2
            exit 1 ;;
    esac
}
