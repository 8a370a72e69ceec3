#!/bin/sh
# The Debian packages as an administrator meets them: `make deb` builds
# them (dpkg-buildpackage from a clean copy of the tree), lintian finds
# nothing at its default level, the library package is named for the ABI,
# apt installs them, the installed command makes a maze with its drawing
# module and its manual page is there, the studio's unit passes
# `systemd-analyze verify`, its command (with /etc/default/meiro-serve's
# options) runs as an unprivileged user behind nginx with TLS configured as
# doc/school.md says, a preview, a download and an upload through it; and
# `apt purge` leaves nothing of them.
# Usage: sh tests/deb.sh BUILD_DIR
# meiro-suite: check
suite=deb
. "$(dirname "$0")/lib.sh"
build=${1:-build}
PATH="$PATH:/usr/sbin:/sbin" # nginx, for a user whose PATH lacks them
abi=$(sed -n 's/^#define MEIRO_ABI_VERSION \([0-9]*\)$/\1/p' include/meiro.h)

# the library's package follows the soname (Debian's policy 8.1)
if grep -q "^Package: libmeiro$abi$" debian/control && [ "$(grep -c "libmeiro[0-9]" debian/control)" = "$(grep -c "libmeiro$abi" debian/control)" ] &&
    [ -f "debian/libmeiro$abi.install" ]; then ok
else bad "debian/ names the library's package other than libmeiro$abi (the soname's number)"; fi

if ! need dpkg-buildpackage lintian nginx openssl curl systemd-analyze setpriv; then finish; exit; fi
if [ "$(id -u)" -ne 0 ]; then
    skip "installing the packages needs root (sudo sh tests/deb.sh $build)"
    finish
    exit
fi

if make --no-print-directory deb BUILD="$build" > "$tmp/make.log" 2>&1; then ok
else bad "make deb: $(tail -20 "$tmp/make.log")"; finish; exit; fi
debs="$build/deb/meiro_*.deb $build/deb/libmeiro${abi}_*.deb $build/deb/libmeiro-dev_*.deb"
# shellcheck disable=SC2086
lintian $debs > "$tmp/lintian" 2>&1
if ! grep -q '^[EW]: ' "$tmp/lintian"; then ok; else bad "lintian: $(grep '^[EW]: ' "$tmp/lintian")"; fi

# a leftover of an earlier run first, then the packages as apt installs them
apt-get purge -y -q meiro "libmeiro$abi" libmeiro-dev > /dev/null 2>&1
# shellcheck disable=SC2046,SC2086
if DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $(for d in $debs; do echo "./$d"; done) \
    > "$tmp/apt.log" 2>&1; then ok
else bad "apt-get install: $(tail -10 "$tmp/apt.log")"; finish; exit; fi
trap 'kill $serve $nginx 2> /dev/null; apt-get purge -y -q meiro "libmeiro$abi" libmeiro-dev > /dev/null 2>&1; rm -rf "$tmp"' EXIT

# the installed command: a text maze, a page through its drawing module,
# the manual page, a program built with meiro.pc
cd "$tmp" || exit 1
if /usr/bin/meiro generate -W 12 -H 8 -s 3 -f text -o maze.txt && [ -s maze.txt ]; then ok; else bad "the installed meiro made no text maze"; fi
if /usr/bin/meiro generate -W 12 -H 8 -s 3 -o maze.pdf 2> err && head -c 5 maze.pdf | grep -q '%PDF'; then ok
else bad "the installed meiro made no PDF: $(cat err)"; fi
if /usr/bin/meiro generate --shape heart --age 5 -s 3 -o heart.pdf 2> err && [ -s heart.pdf ]; then ok
else bad "the installed meiro made no heart (templates, shapes): $(cat err)"; fi
if man -w meiro 2> /dev/null | grep -q "/usr/share/man/man1/meiro.1"; then ok; else bad "man meiro: no page"; fi
cat > prog.c << 'EOF'
#include <meiro.h>
#include <stdio.h>
int main(void)
{
    meiro_generate_options opt;
    meiro_generate_options_init(&opt);
    opt.width = 8;
    opt.height = 8;
    meiro_error err = {0};
    meiro_maze *m = meiro_generate(&opt, &err);
    if (!m) return 1;
    printf("%u\n", meiro_maze_width(m));
    meiro_maze_free(m);
    return 0;
}
EOF
# shellcheck disable=SC2046
if cc -o prog prog.c $(pkg-config --cflags --libs meiro) 2> err && [ "$(./prog)" = 8 ]; then ok
else bad "a program built with meiro.pc: $(cat err)"; fi

# the unit: systemd's own check, and its command run as it runs it: the
# options of /etc/default/meiro-serve, an unprivileged user
unit=/lib/systemd/system/meiro-serve.service
if systemd-analyze verify "$unit" > verify.out 2>&1 && ! grep -q "meiro-serve" verify.out; then ok
else bad "systemd-analyze verify: $(cat verify.out)"; fi
if grep -q '^MEIRO_SERVE_OPTS=' /etc/default/meiro-serve && grep -q '^ExecStart=/usr/bin/meiro serve \$MEIRO_SERVE_OPTS$' "$unit" &&
    grep -q '^DynamicUser=yes' "$unit" && grep -q '^ProtectSystem=strict' "$unit"; then ok
else bad "the unit's command or sandbox: $(grep -E '^(ExecStart|DynamicUser|ProtectSystem)' "$unit")"; fi
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port) tls=$(free_port)
name=mazes.example.school
# (nobody's scratch folder, and nginx's below, within reach)
chmod 755 "$tmp"
mkdir -m 1777 serve-tmp
# (the last --port and --public-url win over the file's)
setpriv --reuid=nobody --regid=nogroup --clear-groups env -i PATH=/usr/bin:/bin TMPDIR="$tmp/serve-tmp" \
    sh -c ". /etc/default/meiro-serve; exec /usr/bin/meiro serve \$MEIRO_SERVE_OPTS --port $port --public-url https://$name:$tls/" \
    > serve.out 2> serve.err &
serve=$!
i=0
while [ $i -lt 100 ] && ! grep -q "http://" serve.out; do sleep 0.1; i=$((i + 1)); done
if grep -q "open https://$name:$tls/ in a browser" serve.out; then ok; else bad "meiro serve as nobody: $(cat serve.out serve.err)"; fi

# nginx with TLS, the server block of doc/school.md (its name, port and
# certificate this test's)
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=$name" -addext "subjectAltName=DNS:$name" \
    -keyout key.pem -out cert.pem > /dev/null 2>&1
sed -n '/^```nginx$/,/^```$/p' "$OLDPWD/doc/school.md" | sed '1d;$d' |
    sed -e "s|listen 443 ssl;|listen 127.0.0.1:$tls ssl;|; /listen \[::\]/d; /listen 80;/d" \
        -e "s|/etc/ssl/certs/$name.pem|$tmp/cert.pem|; s|/etc/ssl/private/$name.key|$tmp/key.pem|" \
        -e "s|127.0.0.1:8023|127.0.0.1:$port|" -e 's|return 301 .*|return 404;|' > site.conf
mkdir -m 1777 nginx # (its workers, nobody, keep uploads there)
cat > nginx.conf << EOF
daemon off;
pid $tmp/nginx/pid;
error_log $tmp/nginx/error.log;
events { worker_connections 64; }
http {
    access_log off;
    client_body_temp_path $tmp/nginx/body;
    proxy_temp_path $tmp/nginx/proxy;
    include $tmp/site.conf;
}
EOF
if grep -q "proxy_pass http://127.0.0.1:$port;" site.conf && nginx -t -c "$tmp/nginx.conf" -p "$tmp/nginx" > nginx-t.out 2>&1; then ok
else bad "doc/school.md's nginx configuration: $(cat nginx-t.out site.conf)"; fi
nginx -c "$tmp/nginx.conf" -p "$tmp/nginx" 2> nginx.err &
nginx=$!
i=0
while [ $i -lt 50 ] && ! curl -s -o /dev/null --cacert cert.pem --resolve "$name:$tls:127.0.0.1" "https://$name:$tls/"; do sleep 0.1; i=$((i + 1)); done
tls_get() { # tls_get FILE CURL-ARGS...: the answer's code
    out=$1
    shift
    curl -s -o "$out" -w '%{http_code}' --max-time 60 --cacert cert.pem --resolve "$name:$tls:127.0.0.1" "$@"
}
got=$(tls_get page.html "https://$name:$tls/")
if [ "$got" = 200 ] && grep -q "<html" page.html; then ok; else bad "the studio through nginx: $got $(head -c 200 page.html) $(cat nginx.err)"; fi
got=$(tls_get m.pdf "https://$name:$tls/api/file?format=pdf&seed=1")
if [ "$got" = 200 ] && head -c 5 m.pdf | grep -q '%PDF'; then ok; else bad "a PDF through nginx: $got $(head -c 200 m.pdf)"; fi
# an upload as the studio's page sends it: its Origin the public address
/usr/bin/meiro generate -W 6 -H 6 -s 1 -f png -o pic.png 2> /dev/null
got=$(tls_get preview.svg -H "Origin: https://$name:$tls" -H "Sec-Fetch-Site: same-origin" --data-binary @pic.png \
    "https://$name:$tls/api/preview?width=8&height=8")
if [ "$got" = 200 ] && grep -q "<svg" preview.svg; then ok; else bad "an upload through nginx: $got $(head -c 300 preview.svg)"; fi
got=$(tls_get evil.svg -H "Origin: https://evil.example" --data-binary @pic.png "https://$name:$tls/api/preview")
if [ "$got" = 403 ]; then ok; else bad "another site's upload through nginx: $got"; fi
kill "$serve" "$nginx" 2> /dev/null
wait "$serve" "$nginx" 2> /dev/null

# removed: nothing of the packages left
apt-get purge -y -q meiro "libmeiro$abi" libmeiro-dev > /dev/null 2>&1
left=$(ls -d /usr/bin/meiro /usr/share/meiro /etc/default/meiro-serve "$unit" /usr/include/meiro.h \
    /usr/lib/*/libmeiro* /usr/lib/*/meiro /usr/share/man/man1/meiro.1.gz 2> /dev/null)
if [ -z "$left" ]; then ok; else bad "left after apt purge: $left"; fi
cd "$OLDPWD" || exit 1
finish
