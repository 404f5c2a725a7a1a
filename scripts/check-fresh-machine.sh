#!/usr/bin/env bash
# The README's first line on a "fresh machine": a fresh clone of this commit, a fresh HOME and a PATH with
# only the system's directories (the machine's own Node, 20 on these machines; no pnpm of ours), as root
# and, when root can create one, as a normal user (decision 0049):
#   1. `. scripts/bootstrap.sh` must yield Node 24 and pnpm 12.21.0;
#   2. `. scripts/bootstrap.sh && pnpm install && pnpm start` (the README's first line) must reach a healthy
#      server, as root and as the user;
#   3. as the user, `pnpm test` (the second line) with a required program missing must stop within a
#      minute, naming the apt-get line (its preflight; with everything present it runs the tests).
# The package store is shared with the machine's (FRESH_STORE_DIR) so the check costs build time, not a
# second download. .ci/run calls it; it prints one line per step and exits non-zero on the first failure.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d /tmp/lectio-fresh.XXXXXX)"
server_pid=""
user=lectio-fresh-check
# The first line's server: its process group, and as the user everything the user runs (su starts a
# session of its own, outside our process group).
stop_server() {
  if [[ -n $server_pid ]]; then kill -- "-$server_pid" 2>/dev/null || kill "$server_pid" 2>/dev/null || true; fi
  if [[ $(id -u) -eq 0 ]] && id "$user" >/dev/null 2>&1; then pkill -u "$user" 2>/dev/null || true; fi
  if [[ -n $server_pid ]]; then wait "$server_pid" 2>/dev/null || true; fi
  server_pid=""
}
cleanup() {
  stop_server
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

mkdir -p "$work/home"
echo "fresh machine: node on the system PATH is $(PATH=$system_path node --version 2>/dev/null || echo none)"

run_fresh() { # run_fresh HOME COMMAND...
  local home=$1
  shift
  env -i HOME="$home" PATH="$system_path" "${keep_env[@]}" ${store:+npm_config_store_dir="$store"} bash -c "$*"
}

git clone -q "$repo" "$work/lectio"
versions="$(run_fresh "$work/home" "cd '$work/lectio' && . scripts/bootstrap.sh 2>/dev/null && echo \$(node --version) \$(pnpm --version)")"
[[ $versions == v24.*" 12.21.0" ]] || { echo "FAIL root: bootstrap gave '$versions'"; exit 1; }
echo "ok   root: bootstrap gives node ${versions% *}, pnpm ${versions#* }"

# serve_check LABEL PORT RUNNER...: the README's first line, run by RUNNER (a command taking one shell
# string) in the fresh clone, must serve a healthy /api/v1/health within 5 minutes; then it is stopped.
serve_check() {
  local label=$1 port=$2
  shift 2
  local logs="$work/$label"
  mkdir -p "$logs" && chmod o+rwx "$logs"
  set -m
  "$@" "cd '$work/$label-clone' && . scripts/bootstrap.sh && CI=true pnpm install --frozen-lockfile >'$logs/install.log' 2>&1 && PORT=$port DATA_DIR='$logs/data' pnpm start >'$logs/start.log' 2>&1" &
  server_pid=$!
  set +m
  for _ in $(seq 1 300); do
    if curl -fsS "http://127.0.0.1:$port/api/v1/health" >/dev/null 2>&1; then
      echo "ok   $label: '. scripts/bootstrap.sh && pnpm install && pnpm start' serves a healthy server on port $port"
      stop_server
      return 0
    fi
    if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
    sleep 1
  done
  echo "FAIL $label: no healthy server from the README's first line"
  tail -n 20 "$logs/install.log" "$logs/start.log" 2>/dev/null || true
  exit 1
}

git clone -q "$repo" "$work/root-clone"
serve_check root "${FRESH_PORT:-3917}" run_fresh "$work/home"

if [[ $(id -u) -eq 0 ]] && command -v useradd >/dev/null 2>&1; then
  id "$user" >/dev/null 2>&1 || useradd --create-home --shell /bin/bash "$user"
  user_home="$(getent passwd "$user" | cut -d: -f6)"
  rm -rf "$user_home/.cache/lectio"
  chmod o+rx "$work"
  git clone -q "$repo" "$work/$user-clone" && chown -R "$user:" "$work/$user-clone"
  # The user's own package store: hard links to the machine's (no second download), in directories the
  # user owns. The files stay root's and read-only to the user, so pnpm copies rather than links them.
  user_store=""
  if [[ -n $store && -d $store ]]; then
    user_store="$work/$user-store/$(basename "$store")"
    mkdir -p "$(dirname "$user_store")" && cp -al "$store" "$user_store"
    find "$work/$user-store" -type d -exec chown "$user:" {} +
  fi
  as_user() { # as_user COMMAND: as the user, with a fresh environment like run_fresh's
    su "$user" -s /bin/bash -c "env -i HOME='$user_home' PATH='$system_path' ${keep_env[*]} ${user_store:+npm_config_store_dir='$user_store'} bash -c \"$1\""
  }
  user_versions="$(as_user "cd '$work/$user-clone' && . scripts/bootstrap.sh 2>/dev/null && echo \\\$(node --version) \\\$(pnpm --version)")"
  [[ $user_versions == v24.*" 12.21.0" ]] || { echo "FAIL $user: bootstrap gave '$user_versions'"; exit 1; }
  echo "ok   $user (not root): bootstrap gives node ${user_versions% *}, pnpm ${user_versions#* }"
  serve_check "$user" "${FRESH_USER_PORT:-3918}" as_user

  # The README's second line without root: its preflight must stop at once, naming what to install. The
  # machine has everything, so PostgreSQL's server programs are hidden (PG_BIN_DIR to a missing folder).
  started=$(date +%s)
  preflight_rc=0
  preflight_out="$(as_user "cd '$work/$user-clone' && . scripts/bootstrap.sh >/dev/null 2>&1 && PG_BIN_DIR=/nonexistent pnpm test 2>&1")" || preflight_rc=$?
  took=$(($(date +%s) - started))
  if [[ $preflight_rc -eq 0 || $took -ge 60 || $preflight_out != *"sudo apt-get install -y postgresql"* ]]; then
    echo "FAIL $user: 'pnpm test' without PostgreSQL's server programs exited $preflight_rc after ${took}s:"
    echo "$preflight_out" | tail -n 10
    exit 1
  fi
  echo "ok   $user (not root): 'pnpm test' with a program missing stops in ${took}s, naming 'sudo apt-get install -y postgresql'"
fi
