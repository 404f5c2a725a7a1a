#!/usr/bin/env bash
# The README's first line on a "fresh machine": a fresh clone of this commit, a fresh HOME and a PATH with
# only the system's directories (the machine's own Node, 20 on these machines; no pnpm of ours), as root
# and, when root can create one, as a normal user (decision 0049):
#   1. `. scripts/bootstrap.sh` must yield Node 24 and pnpm 12.21.0;
#   2. as root, `pnpm install && pnpm start` (the README's first line) must reach a healthy server.
# The package store is shared with the machine's (FRESH_STORE_DIR) so the check costs build time, not a
# second download. .ci/run calls it; it prints one line per step and exits non-zero on the first failure.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d /tmp/lectio-fresh.XXXXXX)"
server_pid=""
cleanup() {
  if [[ -n $server_pid ]]; then kill -- "-$server_pid" 2>/dev/null || kill "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

system_path=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
# Certificates and proxies the machine needs to reach the registry stay; nothing else of this shell does.
keep_env=()
for name in NODE_EXTRA_CA_CERTS SSL_CERT_FILE SSL_CERT_DIR HTTPS_PROXY HTTP_PROXY NO_PROXY https_proxy http_proxy no_proxy; do
  if [[ -n ${!name:-} ]]; then keep_env+=("$name=${!name}"); fi
done
store="${FRESH_STORE_DIR:-$(pnpm store path 2>/dev/null || true)}"

git clone -q "$repo" "$work/lectio"
mkdir -p "$work/home"
echo "fresh machine: node on the system PATH is $(PATH=$system_path node --version 2>/dev/null || echo none)"

run_fresh() { # run_fresh HOME COMMAND...
  local home=$1
  shift
  env -i HOME="$home" PATH="$system_path" "${keep_env[@]}" ${store:+npm_config_store_dir="$store"} bash -c "$*"
}

versions="$(run_fresh "$work/home" "cd '$work/lectio' && . scripts/bootstrap.sh 2>/dev/null && echo \$(node --version) \$(pnpm --version)")"
[[ $versions == v24.*" 12.21.0" ]] || { echo "FAIL root: bootstrap gave '$versions'"; exit 1; }
echo "ok   root: bootstrap gives node ${versions% *}, pnpm ${versions#* }"

if [[ $(id -u) -eq 0 ]] && command -v useradd >/dev/null 2>&1; then
  user=lectio-fresh-check
  id "$user" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$user"
  user_home="$(getent passwd "$user" | cut -d: -f6)"
  rm -rf "$user_home/.cache/lectio"
  chmod o+rx "$work" && chmod -R o+rX "$work/lectio"
  user_versions="$(su "$user" -s /bin/bash -c "env -i HOME='$user_home' PATH='$system_path' ${keep_env[*]} bash -c \"cd '$work/lectio' && . scripts/bootstrap.sh 2>/dev/null && echo \\\$(node --version) \\\$(pnpm --version)\"")"
  [[ $user_versions == v24.*" 12.21.0" ]] || { echo "FAIL $user: bootstrap gave '$user_versions'"; exit 1; }
  echo "ok   $user (not root): bootstrap gives node ${user_versions% *}, pnpm ${user_versions#* }"
fi

port="${FRESH_PORT:-3917}"
set -m
run_fresh "$work/home" "cd '$work/lectio' && . scripts/bootstrap.sh && CI=true pnpm install --frozen-lockfile >'$work/install.log' 2>&1 && PORT=$port DATA_DIR='$work/data' pnpm start >'$work/start.log' 2>&1" &
server_pid=$!
set +m
for _ in $(seq 1 300); do
  if curl -fsS "http://127.0.0.1:$port/api/v1/health" >/dev/null 2>&1; then
    echo "ok   root: '. scripts/bootstrap.sh && pnpm install && pnpm start' serves a healthy server on port $port"
    exit 0
  fi
  if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
  sleep 1
done
echo "FAIL root: no healthy server from the README's first line"
tail -n 20 "$work/install.log" "$work/start.log" 2>/dev/null || true
exit 1
