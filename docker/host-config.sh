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

api_url="${API_BASE_URL:-http://localhost:4000/api}"
leads_url="${MFE_LEADS_URL:-http://localhost:3001/mf-manifest.json}"
brokers_url="${MFE_BROKERS_URL:-http://localhost:3002/mf-manifest.json}"
management_url="${MFE_MANAGEMENT_URL:-http://localhost:3003/mf-manifest.json}"
settings_url="${MFE_SETTINGS_URL:-http://localhost:3004/mf-manifest.json}"
dashboard_url="${MFE_DASHBOARD_URL:-http://localhost:3005/mf-manifest.json}"
api=$(str API_BASE_URL "$api_url")
leads=$(str MFE_LEADS_URL "$leads_url")
brokers=$(str MFE_BROKERS_URL "$brokers_url")
management=$(str MFE_MANAGEMENT_URL "$management_url")
settings=$(str MFE_SETTINGS_URL "$settings_url")
dashboard=$(str MFE_DASHBOARD_URL "$dashboard_url")
entry_timeout=$(int REMOTE_ENTRY_TIMEOUT_MS "${REMOTE_ENTRY_TIMEOUT_MS:-120000}")
chunk_timeout=$(int CHUNK_LOAD_TIMEOUT_MS "${CHUNK_LOAD_TIMEOUT_MS:-120000}")
page_delay=$(int PAGE_LOAD_DELAY_MS "${PAGE_LOAD_DELAY_MS:-500}")

# The host's security headers (the same policy as e2e/stack/securityHeaders.ts, which the browser tests serve): scripts
# only from the host and the remotes named above, calls only to those and the API, no framing. nginx includes the file
# in every location of the server block (docker/nginx.conf).
headers_out="${HOST_HEADERS_FILE:-/etc/nginx/security-headers.conf}"
# scheme://host[:port], lower-cased; nothing (a refusal below) for a URL whose host has other characters, which
# could otherwise break out of the header's quotes.
origin() {
  printf '%s' "$1" | tr 'A-Z' 'a-z' | sed -n -E 's#^(https?://[a-z0-9.:-]+|https?://\[[0-9a-f:.]+\](:[0-9]+)?)([/?#].*)?$#\1#p'
}
remote_origins=''
add_remote() {
  found=$(origin "$2")
  [ -n "$found" ] || fail "$1 is not an http(s) URL with a plain host name: '$2'"
  case " $remote_origins " in *" $found "*) ;; *) remote_origins="${remote_origins:+$remote_origins }$found" ;; esac
}
add_remote MFE_LEADS_URL "$leads_url"
add_remote MFE_BROKERS_URL "$brokers_url"
add_remote MFE_MANAGEMENT_URL "$management_url"
add_remote MFE_SETTINGS_URL "$settings_url"
add_remote MFE_DASHBOARD_URL "$dashboard_url"
api_origin=$(origin "$api_url")
[ -n "$api_origin" ] || fail "API_BASE_URL is not an http(s) URL with a plain host name"
csp="default-src 'self'; script-src 'self' $remote_origins; connect-src 'self' $remote_origins $api_origin; \
style-src 'self' $remote_origins 'unsafe-inline'; img-src 'self' $remote_origins data: blob:; font-src 'self' $remote_origins data:; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
headers_tmp="$headers_out.tmp.$$"
printf 'add_header Content-Security-Policy "%s" always;\nadd_header X-Frame-Options "DENY" always;\nadd_header X-Content-Type-Options "nosniff" always;\nadd_header Referrer-Policy "strict-origin-when-cross-origin" always;\n' "$csp" > "$headers_tmp"
mv -f "$headers_tmp" "$headers_out"

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
