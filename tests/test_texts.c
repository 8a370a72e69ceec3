/* Every text a user gives a page (title, subtitle, name, footer; a
 * template's texts, the cover's among them) is UTF-8 without control
 * characters, checked up front for every format: each field x each kind of
 * bad text (invalid UTF-8, C0, DEL, C1) x each format is refused by
 * meiro_export_check and by meiro_write before a byte is written, naming
 * the field; good texts (kana, emoji, accents) pass. So are a class set's
 * names and a booklet's remaking command. Public API only. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"

#include <meiro.h>
#include <unistd.h>

static const char *const bad_texts[][2] = {
    {"a\xff"
     "b",
     "not UTF-8"},
    {"a\xc3(", "not UTF-8"},
    {"a\x01"
     "b",
     "control character"},
    {"a\nb", "control character"},
    {"a\x7f"
     "b",
     "control character"},
    {"a\xc2\x85"
     "b",
     "control character"}, /* NEL, a C1 control */
};

static const char *const good_texts[] = {"Maze for Hana", "はなの めいろ", "Zoë's café",
                                         "🐰 → 🥕", ""};

static void set_field(meiro_export_options *opt, int field, const char *text)
{
    const char **slots[] = {&opt->title, &opt->subtitle, &opt->name, &opt->footer};
    *slots[field] = text;
}

static const char *const field_names[] = {"the title", "the subtitle", "the name", "the footer"};

static void test_fields_formats(void)
{
    meiro_generate_options g;
    meiro_generate_options_init(&g);
    g.width = 4;
    g.height = 3;
    g.seed = 1;
    meiro_maze *m = meiro_generate(&g, NULL);
    verdict refused = {0}, passed = {0};
    for (int f = 0; f < MEIRO_FORMAT_COUNT; f++) {
        const char *fmt = meiro_format_info((meiro_format)f)->name;
        for (int field = 0; field < 4; field++) {
            for (size_t b = 0; b < TEST_COUNT(bad_texts); b++) {
                meiro_export_options opt;
                meiro_export_options_init(&opt);
                set_field(&opt, field, bad_texts[b][0]);
                meiro_error err = {0};
                meiro_status s = meiro_export_check(4, 3, (meiro_format)f, &opt, &err);
                verdict_note(&refused,
                             s == MEIRO_ERROR_ARGUMENT && strstr(err.message, field_names[field]) &&
                                 strstr(err.message, bad_texts[b][1]),
                             "%s, %s, text %zu: check gave %d: %s", fmt, field_names[field], b, s,
                             err.message);
                char *out = NULL;
                size_t len = 0;
                FILE *mem = open_memstream(&out, &len);
                s = meiro_write(m, NULL, (meiro_format)f, &opt, mem, &err);
                fclose(mem);
                verdict_note(&refused, s == MEIRO_ERROR_ARGUMENT && len == 0,
                             "%s, %s, text %zu: write gave %d, %zu bytes", fmt, field_names[field],
                             b, s, len);
                free(out);
            }
            for (size_t k = 0; k < TEST_COUNT(good_texts); k++) {
                meiro_export_options opt;
                meiro_export_options_init(&opt);
                set_field(&opt, field, good_texts[k]);
                meiro_error err = {0};
                verdict_note(
                    &passed, meiro_export_check(4, 3, (meiro_format)f, &opt, &err) == MEIRO_OK,
                    "%s, %s, '%s': %s", fmt, field_names[field], good_texts[k], err.message);
            }
        }
    }
    CHECK_ALL(refused);
    CHECK_ALL(passed);
    meiro_maze_free(m);
}

/* A template's texts (the title the cover shows too, the fill-in fields,
 * the marks) are lines of the file: a control character is refused where
 * it stands, as bad UTF-8 is. */
static void test_template_texts(void)
{
    char dir[] = "/tmp/meiro-texts-XXXXXX";
    if (!mkdtemp(dir)) return;
    static const char *const lines[][2] = {
        {"[text]\ntitle = a\x01"
         "b\n",
         "2:10: a control character"},
        {"[maze]\nstart = a\x7f"
         "b\n",
         "2:10: a control character"},
        {"[text]\nfields = Name \x1b[31m____\n", "2:15: a control character"},
        {"[text]\nsubtitle = a\xc2\x9b"
         "b\n",
         "2:13: a control character"},
        {"[text]\nfooter = a\xff"
         "b\n",
         "2:11: not UTF-8"},
        {"[text]\ttitle\n", NULL}, /* a tab is white space */
    };
    verdict v = {0};
    for (size_t i = 0; i < TEST_COUNT(lines); i++) {
        char path[64];
        snprintf(path, sizeof path, "%s/t%zu.ini", dir, i);
        FILE *f = fopen(path, "w");
        if (!f) continue;
        fputs(lines[i][0], f);
        fclose(f);
        meiro_error err = {0};
        meiro_template *t = meiro_template_load(path, &err);
        char where[320] = "";
        if (!t) snprintf(where, sizeof where, "%lu:%lu: %s", err.line, err.column, err.message);
        verdict_note(&v,
                     lines[i][1] ? !t && strstr(where, lines[i][1])
                                 : t != NULL || !strstr(err.message, "control"),
                     "template %zu: %s", i, t ? "loaded" : where);
        meiro_template_free(t);
        unlink(path);
    }
    rmdir(dir);
    CHECK_ALL(v);
}

/* A class set's names (from --names FILE) are drawn on each copy's name
 * line and in its footers, and a booklet's remaking command on its last
 * page: each kind of bad text in either is refused before a byte is
 * written, naming the copy; good names pass. */
static void test_booklet_texts(void)
{
    verdict refused = {0}, passed = {0};
    for (size_t b = 0; b <= TEST_COUNT(bad_texts); b++) {
        for (int where = 0; where < 2; where++) {
            const char *text = b < TEST_COUNT(bad_texts) ? bad_texts[b][0] : good_texts[1];
            const char *names[] = {"Ann", text};
            meiro_booklet_options o;
            meiro_booklet_options_init(&o);
            o.count = 1;
            o.seed = 1;
            o.copies = 2;
            o.names = where == 0 ? names : NULL;
            o.command = where == 1 ? text : NULL;
            char *out = NULL;
            size_t len = 0;
            FILE *mem = open_memstream(&out, &len);
            meiro_error err = {0};
            meiro_status s = meiro_booklet_write(&o, NULL, MEIRO_FORMAT_PDF, mem, &err);
            fclose(mem);
            if (b == TEST_COUNT(bad_texts)) {
                verdict_note(&passed, s == MEIRO_OK && len > 0, "%s '%s': %d: %s",
                             where ? "command" : "name", text, s, err.message);
            } else {
                const char *field = where ? "the command on the last page" : "copy 2's name";
                verdict_note(&refused,
                             s == MEIRO_ERROR_ARGUMENT && len == 0 && strstr(err.message, field) &&
                                 strstr(err.message, bad_texts[b][1]),
                             "%s, text %zu: %d, %zu bytes: %s", field, b, s, len, err.message);
            }
            free(out);
        }
    }
    CHECK_ALL(refused);
    CHECK_ALL(passed);
}

int main(int argc, char **argv)
{
    static const test_case cases[] = {
        {"fields_formats", test_fields_formats},
        {"template_texts", test_template_texts},
        {"booklet_texts", test_booklet_texts},
    };
    return test_main("texts", argc, argv, cases, TEST_COUNT(cases));
}
