#!/bin/sh
# Facet desktop client: the agent on this computer's loopback, and the console in a Chromium app
# window. Everything the client keeps (server address, profiles, keys) is in $FACET_DATA_DIR.
set -e
# Keys, cookies and the local API key live in the data folder: only this user may read them.
umask 077
here=$(dirname "$(readlink -f "$0")")
app=$(dirname "$here")
FACET_DATA_DIR="${FACET_DATA_DIR:-${XDG_DATA_HOME:-$HOME/.local/share}/facet-client}"
FACET_CONSOLE_DIR="${FACET_CONSOLE_DIR:-$app/console}"
FACET_CLIENT_VERSION="@VERSION@"
export FACET_DATA_DIR FACET_CONSOLE_DIR FACET_CLIENT_VERSION
mkdir -p "$FACET_DATA_DIR"
cd "$FACET_DATA_DIR"
# Started from the menu there is no terminal: what the agent says goes to a log beside its data.
if [ ! -t 1 ]; then
  exec >>"$FACET_DATA_DIR/client.log" 2>&1
fi
exec "$app/node" "$app/agent.mjs" "$@"
