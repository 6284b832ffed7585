# What scripts/setup-chromium.sh, setup-firefox.sh and setup-webkit.sh share (sourced).

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

# retry TIMES COMMAND… — COMMAND until it succeeds, at most TIMES times, waiting 10 s
# more after each failure: a mirror, the npm registry or a browser's first start under
# load may fail once.
retry() {
    local times="$1" attempt=1
    shift
    until "$@"; do
        if [ "$attempt" -ge "$times" ]; then
            echo "failed $attempt times: $*" >&2
            return 1
        fi
        echo "failed (attempt $attempt of $times), trying again in $((attempt * 10)) s: $*" >&2
        sleep $((attempt * 10))
        attempt=$((attempt + 1))
    done
}

# apt_install PACKAGE… — Debian's packages, non-interactively.
apt_install() {
    retry 3 as_root apt-get update -q
    retry 3 as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@"
}

# npm_ci — the adapters' npm packages, from the committed package-lock.json.
npm_ci() {
    retry 3 npm ci --prefix examples/engines --no-audit --no-fund --loglevel=error
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
# (unless SKIP_SMOKE_TEST=1), checked against the tree every browser builds; tried up
# to three times (a browser's first start on a loaded machine may fail), each within
# five minutes.
smoke_test() {
    [ "${SKIP_SMOKE_TEST:-}" = 1 ] && return 0
    if retry 3 smoke_once "$1" "$2"; then
        echo "$1: the adapter answers"
    else
        exit 1
    fi
}

smoke_once() {
    local reply
    reply="$(timeout 300 node examples/engines/chromium_drive.mjs --engine "node $2" '<p>One<p>Two')" || true
    case "$reply" in
        *'"tree":"| <html>\n|   <head>\n|   <body>\n|     <p>\n|       \"One\"\n|     <p>\n|       \"Two\"\n"'*)
            return 0 ;;
        *)
            echo "$1: unexpected reply from the adapter: $reply" >&2
            return 1 ;;
    esac
}
