/* markup_text and markup_script_string (markup.h). */
#include "core/markup.h"

bool markup_text(FILE *out, const char *s)
{
    bool ok = true;
    for (; *s && ok; s++) {
        switch (*s) {
        case '&': ok = fputs("&amp;", out) != EOF; break;
        case '<': ok = fputs("&lt;", out) != EOF; break;
        case '>': ok = fputs("&gt;", out) != EOF; break;
        case '"': ok = fputs("&quot;", out) != EOF; break;
        default: ok = fputc(*s, out) != EOF;
        }
    }
    return ok;
}

bool markup_script_string(FILE *out, const char *s)
{
    bool ok = fputc('"', out) != EOF;
    for (; *s && ok; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') ok = fprintf(out, "\\%c", c) > 0;
        else if (c < 0x20 || c == '<') ok = fprintf(out, "\\u%04x", c) > 0;
        else ok = fputc(c, out) != EOF;
    }
    return ok && fputc('"', out) != EOF;
}
