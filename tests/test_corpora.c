/* The fuzz targets' seed corpora (tests/fuzz/corpus/T) replayed through
 * the targets themselves, built without libFuzzer (Makefile: each target
 * compiled with its entry point renamed): every input of every reader,
 * each in a child process, must come back (a target aborts on a crash, a
 * refusal without a message, or a maze that does not read back from what
 * meiro writes for it). Under the sanitizer build this is make check-asan's
 * replay of the corpora; `make fuzz` searches for new inputs. */
#define _POSIX_C_SOURCE 200809L
#include "harness.h"
#include "whitebox.h" /* fuzz_picture reaches inside: the picture loader */

#include <dirent.h>
#include <sys/wait.h>
#include <unistd.h>

typedef int (*fuzz_target)(const unsigned char *data, size_t size);
int fuzz_text(const unsigned char *data, size_t size);
int fuzz_csv(const unsigned char *data, size_t size);
int fuzz_json(const unsigned char *data, size_t size);
int fuzz_template(const unsigned char *data, size_t size);
int fuzz_picture(const unsigned char *data, size_t size);
int fuzz_query(const unsigned char *data, size_t size);
int fuzz_pdf(const unsigned char *data, size_t size);
int fuzz_page(const unsigned char *data, size_t size);
int fuzz_machine(const unsigned char *data, size_t size);

/* A file's bytes (malloc'd), or NULL. */
static unsigned char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    unsigned char *data = NULL;
    size_t cap = 0, n = 0, got;
    do {
        if (n == cap) {
            unsigned char *grown = realloc(data, cap = cap ? 2 * cap : 4096);
            if (!grown) break;
            data = grown;
        }
        got = fread(data + n, 1, cap - n, f);
        n += got;
    } while (got > 0);
    bool ok = !ferror(f) && n < cap;
    fclose(f);
    if (!ok) {
        free(data);
        return NULL;
    }
    *size = n;
    return data;
}

/* Runs the target on one file in a child: whether it came back. */
static bool replays(fuzz_target target, const char *path, char *why, size_t size)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        size_t n = 0;
        unsigned char *data = slurp(path, &n);
        if (!data) _exit(3);
        target(data, n);
        free(data);
        exit(0); /* exit, not _exit: LeakSanitizer looks at exit */
    }
    int status = 0;
    if (pid < 0 || waitpid(pid, &status, 0) != pid) {
        snprintf(why, size, "could not run");
        return false;
    }
    if (WIFSIGNALED(status)) snprintf(why, size, "died of signal %d", WTERMSIG(status));
    else if (WEXITSTATUS(status) == 3) snprintf(why, size, "could not be read");
    else if (WEXITSTATUS(status)) snprintf(why, size, "exit %d", WEXITSTATUS(status));
    return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static void replay(const char *name, fuzz_target target)
{
    /* the names first, the folder closed: nothing of the parent's heap
     * is left for LeakSanitizer to find in the children */
    static char names[512][256];
    size_t count = 0;
    char rel[64], dir[4096];
    snprintf(rel, sizeof rel, "../fuzz/corpus/%s", name);
    snprintf(dir, sizeof dir, "%s", test_data(rel));
    DIR *d = opendir(dir);
    CHECK_MSG(d != NULL, "no corpus %s", dir);
    for (struct dirent *e; d && count < 512 && (e = readdir(d)) != NULL;)
        if (e->d_name[0] != '.') snprintf(names[count++], sizeof names[0], "%s", e->d_name);
    if (d) closedir(d);
    verdict inputs = {0};
    for (size_t k = 0; k < count; k++) {
        char path[4096 + 256], why[64] = "";
        snprintf(path, sizeof path, "%s/%.255s", dir, names[k]);
        verdict_note(&inputs, replays(target, path, why, sizeof why), "%s: %s", path, why);
    }
    CHECK_ALL(inputs);
}

static void test_text(void) { replay("text", fuzz_text); }
static void test_csv(void) { replay("csv", fuzz_csv); }
static void test_json(void) { replay("json", fuzz_json); }
static void test_template(void) { replay("template", fuzz_template); }
static void test_picture(void) { replay("picture", fuzz_picture); }
static void test_query(void) { replay("query", fuzz_query); }
static void test_pdf(void) { replay("pdf", fuzz_pdf); }
static void test_page(void) { replay("page", fuzz_page); }
static void test_machine(void) { replay("machine", fuzz_machine); }

static const test_case cases[] = {
    {"text", test_text},         {"csv", test_csv},         {"json", test_json},
    {"template", test_template}, {"picture", test_picture}, {"query", test_query},
    {"pdf", test_pdf},           {"page", test_page},       {"machine", test_machine},
};

int main(int argc, char **argv)
{
    return test_main("corpora", argc, argv, cases, TEST_COUNT(cases));
}
