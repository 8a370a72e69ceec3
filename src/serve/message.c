/* What a refusal or a warning is about, for the page to word in its own
 * language: a code and its values as a URL's query ("code=side&option=
 * width&max=200"), sent beside the one-line English message (the body,
 * and X-Meiro-Warning) in X-Meiro-Message. The server's own refusals
 * carry their codes (query.c, serve.c); the command's messages are the
 * command line's own, so they get the code "command" and what the line
 * names: the option it is about, its quoted text and its numbers, in
 * order. The page keeps one table of words a language for the codes. */
#define _POSIX_C_SOURCE 200809L
#include "serve.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

size_t serve_form_value(char *out, size_t size, const char *value, size_t len)
{
    static const char hex[] = "0123456789ABCDEF";
    size_t n = 0;
    for (size_t i = 0; i < len && n + 4 < size; i++) {
        unsigned char ch = (unsigned char)value[i];
        if (isalnum(ch) || strchr("-._~", ch)) {
            out[n++] = (char)ch;
        } else {
            out[n++] = '%';
            out[n++] = hex[ch >> 4];
            out[n++] = hex[ch & 15];
        }
    }
    if (size) out[n < size ? n : size - 1] = 0;
    return n;
}

/* Adds "&key=value" (value percent-encoded) to out, which holds n bytes. */
static size_t add_value(char *out, size_t size, size_t n, const char *key, const char *value,
                        size_t len)
{
    if (n + strlen(key) + 3 >= size) return n;
    n += (size_t)snprintf(out + n, size - n, "&%s=", key);
    return n + serve_form_value(out + n, size - n, value, len);
}

/* The option a line of the command is about: the first of its last
 * "(option: --X)" or "(--X)" (a warning's), or "(-H)" by its letter in the
 * command's table, else the first --X the line names; NULL if none. */
static const char *option_of(const char *line, const struct option *options, size_t *len)
{
    const char *paren = strrchr(line, '(');
    const char *p = paren ? paren + 1 : NULL;
    if (p && strncmp(p, "option", 6) == 0) p = strchr(p, ' ') ? strchr(p, ' ') + 1 : NULL;
    if (p && p[0] == '-' && p[1] != '-' && isalpha((unsigned char)p[1]) &&
        !isalnum((unsigned char)p[2])) {
        for (const struct option *o = options; o && o->name; o++)
            if (o->val == p[1]) {
                *len = strlen(o->name);
                return o->name;
            }
    }
    if (!p || strncmp(p, "--", 2) != 0) p = strstr(line, "--");
    if (!p) return NULL;
    p += 2;
    *len = strspn(p, "abcdefghijklmnopqrstuvwxyz-");
    return *len ? p : NULL;
}

void serve_command_message(char *out, size_t size, const char *level, const char *line,
                           const struct option *options)
{
    size_t n = (size_t)snprintf(out, size, "code=command&level=%s", level);
    if (n >= size) return;
    size_t len = 0;
    const char *option = option_of(line, options, &len);
    if (option) n = add_value(out, size, n, "option", option, len);
    /* the quoted text (a name, a file), and the numbers outside it */
    const char *q0 = strchr(line, '\''), *q1 = q0 ? strchr(q0 + 1, '\'') : NULL;
    if (q1) n = add_value(out, size, n, "q", q0 + 1, (size_t)(q1 - q0 - 1));
    for (const char *p = line; *p;) {
        if (q1 && p == q0) {
            p = q1 + 1;
            continue;
        }
        if (!isdigit((unsigned char)*p) ||
            (p > line && (isalnum((unsigned char)p[-1]) || p[-1] == '-' || p[-1] == '.'))) {
            p++;
            continue;
        }
        size_t k = strspn(p, "0123456789");
        if (p[k] == '.' && isdigit((unsigned char)p[k + 1]))
            k += 1 + strspn(p + k + 1, "0123456789");
        n = add_value(out, size, n, "n", p, k);
        p += k;
    }
}
