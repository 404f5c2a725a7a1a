# Lectio's toolchain for this shell: Node.js 24 and the pnpm that package.json pins, without touching the
# machine's own. Source it from the repository root (the README's first line does):
#
#   . scripts/bootstrap.sh && pnpm install && pnpm start
#
# - Node: when `node` is missing or older than 22.12, the official Node 24 binary is installed from the
#   npm registry (package node-<os>-<arch>, so machines that reach only the registry can do it) into
#   $LECTIO_TOOLS (default ~/.cache/lectio) and put first on PATH for this shell.
# - pnpm: when `pnpm` is missing or not the pinned version (packageManager in package.json), that exact
#   version is installed into $LECTIO_TOOLS too. Never `npm install -g`: a system pnpm stays as it is.
# A second run finds both and only sets PATH. Needs npm (it comes with every Node, 20 included).
# Decision 0049.

lectio_bootstrap() {
  local tools="${LECTIO_TOOLS:-$HOME/.cache/lectio}"
  local node_major_wanted
  node_major_wanted="$(tr -d ' \n\r' < .node-version 2>/dev/null || echo 24)"
  local pnpm_wanted
  pnpm_wanted="$(sed -n 's/.*"packageManager": *"pnpm@\([0-9.]*\)".*/\1/p' package.json 2>/dev/null)"
  if [ -z "$pnpm_wanted" ]; then
    echo "bootstrap: run it from the Lectio repository root (no package.json with packageManager here)" >&2
    return 1
  fi

  if ! node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>22||(a===22&&b>=12)?0:1)' 2>/dev/null; then
    local os arch
    case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) os="" ;; esac
    case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) arch="" ;; esac
    if [ -z "$os" ] || [ -z "$arch" ] || ! command -v npm >/dev/null 2>&1; then
      echo "bootstrap: Lectio needs Node.js ${node_major_wanted} (22.12 or later); install it (https://nodejs.org or nvm: nvm install) and run this again" >&2
      return 1
    fi
    local node_dir="$tools/node$node_major_wanted"
    if [ ! -x "$node_dir/node_modules/node-$os-$arch/bin/node" ]; then
      echo "bootstrap: installing Node.js $node_major_wanted (node-$os-$arch from the npm registry) into $node_dir" >&2
      npm install --prefix "$node_dir" --no-save --no-audit --no-fund --loglevel=error "node-$os-$arch@$node_major_wanted" >&2 || {
        echo "bootstrap: could not install Node.js $node_major_wanted from the npm registry; install Node.js 24 yourself and run this again" >&2
        return 1
      }
    fi
    PATH="$node_dir/node_modules/node-$os-$arch/bin:$PATH"
  fi

  if [ "$(pnpm --version 2>/dev/null)" != "$pnpm_wanted" ]; then
    local pnpm_dir="$tools/pnpm-$pnpm_wanted"
    if [ ! -x "$pnpm_dir/node_modules/.bin/pnpm" ]; then
      echo "bootstrap: installing pnpm $pnpm_wanted into $pnpm_dir" >&2
      npm install --prefix "$pnpm_dir" --no-save --no-audit --no-fund --loglevel=error "pnpm@$pnpm_wanted" >&2 || {
        echo "bootstrap: could not install pnpm $pnpm_wanted from the npm registry" >&2
        return 1
      }
    fi
    PATH="$pnpm_dir/node_modules/.bin:$PATH"
  fi
  export PATH
  echo "bootstrap: node $(node --version), pnpm $(pnpm --version)" >&2
}

lectio_bootstrap
