#!/bin/sh
# Writes the host's /config.json from the environment when the host container starts.
# In the host image it is /docker-entrypoint.d/40-host-config.sh, which the nginx image runs before nginx starts;
# a failure (a bad value) stops the container. Unset variables get the defaults of host/public/config.json.
# URLs are as the browser sees them. By hand:  HOST_CONFIG_FILE=/tmp/config.json sh docker/host-config.sh
set -eu

out="${HOST_CONFIG_FILE:-/usr/share/nginx/html/config.json}"

fail() {
  echo "host-config: $*" >&2
  exit 1
}

# A JSON string literal: backslashes and double quotes escaped; control characters refused.
str() {
  case "$2" in
    '') fail "$1 is empty" ;;
    *[[:cntrl:]]*) fail "$1 contains a control character" ;;
  esac
  printf '"%s"' "$(printf '%s' "$2" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g')"
}

# A JSON number: a non-negative integer (milliseconds).
int() {
  case "$2" in
    '' | *[!0-9]*) fail "$1 must be a whole number of milliseconds, got '$2'" ;;
  esac
  printf '%s' "$2" | sed -e 's/^0*\([0-9]\)/\1/'
}

api=$(str API_BASE_URL "${API_BASE_URL:-http://localhost:4000/api}")
leads=$(str MFE_LEADS_URL "${MFE_LEADS_URL:-http://localhost:3001/mf-manifest.json}")
brokers=$(str MFE_BROKERS_URL "${MFE_BROKERS_URL:-http://localhost:3002/mf-manifest.json}")
management=$(str MFE_MANAGEMENT_URL "${MFE_MANAGEMENT_URL:-http://localhost:3003/mf-manifest.json}")
settings=$(str MFE_SETTINGS_URL "${MFE_SETTINGS_URL:-http://localhost:3004/mf-manifest.json}")
dashboard=$(str MFE_DASHBOARD_URL "${MFE_DASHBOARD_URL:-http://localhost:3005/mf-manifest.json}")
entry_timeout=$(int REMOTE_ENTRY_TIMEOUT_MS "${REMOTE_ENTRY_TIMEOUT_MS:-120000}")
chunk_timeout=$(int CHUNK_LOAD_TIMEOUT_MS "${CHUNK_LOAD_TIMEOUT_MS:-120000}")
page_delay=$(int PAGE_LOAD_DELAY_MS "${PAGE_LOAD_DELAY_MS:-500}")

# Written beside the target and renamed, so nginx never serves a half-written file.
tmp="$out.tmp.$$"
printf '{
  "apiBaseUrl": %s,
  "remotes": {
    "mfe_leads": %s,
    "mfe_brokers": %s,
    "mfe_management": %s,
    "mfe_settings": %s,
    "mfe_dashboard": %s
  },
  "remoteEntryTimeoutMs": %s,
  "chunkLoadTimeoutMs": %s,
  "pageLoadDelayMs": %s
}
' "$api" "$leads" "$brokers" "$management" "$settings" "$dashboard" \
  "$entry_timeout" "$chunk_timeout" "$page_delay" > "$tmp"
chmod 644 "$tmp"
mv -f "$tmp" "$out"
echo "host-config: wrote $out (apiBaseUrl $api)"
