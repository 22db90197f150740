#!/usr/bin/env bash
# A throwaway MediaWiki 1.39 (Debian's package, SQLite, PHP's built-in server) on loopback,
# used by the `mediawiki` test tier as an oracle for template expansion and HTML rendering.
#
#   bash scripts/mediawiki-lab.sh deps            # apt: mediawiki, php, lua (root)
#   bash scripts/mediawiki-lab.sh up              # init (once) + start; prints the API URL
#   bash scripts/mediawiki-lab.sh import FILE.xml # importDump.php into the lab wiki
#   bash scripts/mediawiki-lab.sh down            # stop the server it started
#   bash scripts/mediawiki-lab.sh reset           # stop and delete the wiki
#
# Settings (environment): WSTOOLS_MW_DIR (scratch, default $TMPDIR/wstools-mw),
# WSTOOLS_MW_PORT (default 8089), WSTOOLS_MW_PROOFREADPAGE=1 (load wstools' ProofreadPage test
# double, tests/support/mediawiki/ProofreadPageLab; read by each request, so set it for `up`
# and `maint` alike). Nothing outside WSTOOLS_MW_DIR is written, except by `deps`.
set -euo pipefail

DIR=${WSTOOLS_MW_DIR:-${TMPDIR:-/tmp}/wstools-mw}
PORT=${WSTOOLS_MW_PORT:-8089}
HOST=127.0.0.1
IP=/usr/share/mediawiki
CONF="$DIR/LocalSettings.php"
PIDFILE="$DIR/server.pid"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
BOT_USER=${WSTOOLS_MW_USER:-WstoolsBot}
BOT_PASS=${WSTOOLS_MW_PASS:-wstools-lab-password-1}
API="http://$HOST:$PORT/api.php"

say() { echo "[mediawiki-lab] $*" >&2; }

deps() {
  local pkgs=(mediawiki php-cli php-sqlite3 php-intl php-mbstring php-xml lua5.1 curl)
  if dpkg -s "${pkgs[@]}" >/dev/null 2>&1; then say "packages already installed"; return; fi
  export DEBIAN_FRONTEND=noninteractive
  local policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then   # the package pulls in apache2: never start it
    printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d; chmod +x /usr/sbin/policy-rc.d; policy=1
  fi
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${pkgs[@]}" >/dev/null
  [ -z "$policy" ] || rm -f /usr/sbin/policy-rc.d
  say "installed ${pkgs[*]}"
}

maint() {  # run a maintenance script against the lab wiki
  local script=$1; shift
  (cd "$IP" && MW_CONFIG_FILE="$CONF" WSTOOLS_MW_PORT="$PORT" \
     php "maintenance/$script" --conf "$CONF" "$@")
}

init() {
  [ -f "$CONF" ] && return
  [ -d "$IP" ] || { say "no MediaWiki in $IP: run '$0 deps' as root first"; exit 3; }
  mkdir -p "$DIR/db" "$DIR/cache" "$DIR/log"
  (cd "$IP" && php maintenance/install.php --quiet --dbtype sqlite --dbpath "$DIR/db" \
      --dbname wstoolslab --server "http://$HOST:$PORT" --scriptpath "" --confpath "$DIR" \
      --lang en --skins Vector --pass "$BOT_PASS" "Wikisource" "$BOT_USER") \
      >"$DIR/log/install.log" 2>&1 || { cat "$DIR/log/install.log" >&2; exit 1; }
  sed -e "s|@DIR@|$DIR|g" -e "s|@EXT@|$(cd "$HERE/../tests/support/mediawiki" && pwd)|g" \
    "$HERE/LocalSettings.lab.php" >"$DIR/LocalSettings.lab.php"
  echo 'require_once __DIR__ . "/LocalSettings.lab.php";' >>"$CONF"
  maint update.php --quick >"$DIR/log/update.log" 2>&1
  say "initialised $DIR (user $BOT_USER)"
}

interwiki() {  # the interwiki prefixes Wikisource pages use, as on Wikisource (idempotent)
  local url rows=""
  for p in w wikipedia wikt wiktionary; do
    case $p in w|wikipedia) url='https://en.wikipedia.org/wiki/$1' ;;
               *) url='https://en.wiktionary.org/wiki/$1' ;; esac
    rows+="${rows:+,}('$p','$url','','',0,0)"
  done
  maint sql.php --query "INSERT OR IGNORE INTO interwiki (iw_prefix, iw_url, iw_api, \
iw_wikiid, iw_local, iw_trans) VALUES $rows" >"$DIR/log/interwiki.log" 2>&1
}

running() {
  [ -f "$PIDFILE" ] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null \
    && curl -fs -o /dev/null "$API?action=query&meta=siteinfo&format=json"
}

start() {
  if running; then echo "$API"; return; fi
  if curl -fs -o /dev/null "http://$HOST:$PORT/"; then say "port $PORT is taken"; exit 1; fi
  # setsid makes php the leader of its own process group, so `down` stops it and its workers
  (cd "$IP" && MW_CONFIG_FILE="$CONF" WSTOOLS_MW_PORT="$PORT" PHP_CLI_SERVER_WORKERS=2 \
     exec setsid php -S "$HOST:$PORT" maintenance/dev/includes/router.php \
     >"$DIR/log/server.log" 2>&1 </dev/null) &
  echo $! >"$PIDFILE"
  for _ in $(seq 1 200); do
    if running; then say "serving $API"; echo "$API"; return; fi
    kill -0 "$(cat "$PIDFILE")" 2>/dev/null || break
    sleep 0.1
  done
  say "server did not come up"; tail -20 "$DIR/log/server.log" >&2; exit 1
}

stop() {
  [ -f "$PIDFILE" ] || return 0
  local pid; pid=$(cat "$PIDFILE")
  kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  rm -f "$PIDFILE"
  say "stopped"
}

case "${1:-}" in
  deps) deps ;;
  up) init; interwiki; start ;;
  import) shift; maint importDump.php --no-updates "$1" >"$DIR/log/import.log" 2>&1 \
            || { cat "$DIR/log/import.log" >&2; exit 1; } ;;
  maint) shift; maint "$@" ;;
  down) stop ;;
  reset) stop; rm -rf "$DIR" ;;
  *) echo "usage: $0 deps|up|import FILE|maint SCRIPT ARGS|down|reset" >&2; exit 2 ;;
esac
