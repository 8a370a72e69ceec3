/* STL: the parts' triangles in millimetres (STL says no unit; slicers
 * take millimetres). Binary: an 80-byte header naming meiro and the maze
 * (never starting "solid", which readers take for text), the count, then
 * per triangle its normal, its three corners (little-endian floats) and a
 * zero attribute. ASCII: a solid per part, named after it. */
#include "solid/solid.h"

#include "core/error.h"

#include <math.h>
#include <string.h>

static void normal_of(const solid_mesh *m, const uint32_t *t, float n[3])
{
    const float *a = m->xyz + 3 * t[0], *b = m->xyz + 3 * t[1], *c = m->xyz + 3 * t[2];
    double u[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
    double v[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
    double x = u[1] * v[2] - u[2] * v[1], y = u[2] * v[0] - u[0] * v[2],
           z = u[0] * v[1] - u[1] * v[0], l = sqrt(x * x + y * y + z * z);
    n[0] = (float)(x / l), n[1] = (float)(y / l), n[2] = (float)(z / l);
}

static void put_float(unsigned char *p, float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    for (int k = 0; k < 4; k++) p[k] = (unsigned char)(u >> 8 * k);
}

static void put_binary(const solid_mesh *m, FILE *out)
{
    for (size_t j = 0; j < m->triangles; j++) {
        const uint32_t *t = m->tri + 3 * j;
        unsigned char rec[50] = {0};
        float n[3];
        normal_of(m, t, n);
        for (int k = 0; k < 3; k++) put_float(rec + 4 * k, n[k]);
        for (int v = 0; v < 3; v++)
            for (int k = 0; k < 3; k++) put_float(rec + 12 + 12 * v + 4 * k, m->xyz[3 * t[v] + k]);
        fwrite(rec, 1, sizeof rec, out);
    }
}

static void put_ascii(const solid_mesh *m, const char *name, FILE *out)
{
    fprintf(out, "solid %s\n", name);
    for (size_t j = 0; j < m->triangles; j++) {
        const uint32_t *t = m->tri + 3 * j;
        float n[3];
        normal_of(m, t, n);
        fprintf(out, "  facet normal %.9g %.9g %.9g\n    outer loop\n", n[0], n[1], n[2]);
        for (int v = 0; v < 3; v++) {
            const float *p = m->xyz + 3 * t[v];
            fprintf(out, "      vertex %.9g %.9g %.9g\n", p[0], p[1], p[2]);
        }
        fputs("    endloop\n  endfacet\n", out);
    }
    fprintf(out, "endsolid %s\n", name);
}

meiro_status write_stl(const meiro_maze *maze, const meiro_path *path, const solid_sizes *s,
                       bool ascii, FILE *out, meiro_error *err)
{
    solid_model model;
    meiro_status st = solid_build(maze, path, s, &model, err);
    if (st == MEIRO_OK) st = write_stl_model(maze, &model, ascii, out, err);
    solid_model_free(&model);
    return st;
}

meiro_status write_stl_model(const meiro_maze *maze, const solid_model *model, bool ascii,
                             FILE *out, meiro_error *err)
{
    size_t total = 0;
    for (unsigned k = 0; k < SOLID_PARTS; k++) total += model->part[k].triangles;
    if (!ascii) {
        if (total > UINT32_MAX)
            return fail(err, MEIRO_ERROR_TOO_BIG, "%zu triangles do not fit a binary STL", total);
        unsigned char head[84] = {0};
        uint64_t seed;
        char text[81];
        /* "; maze N": the first N triangles are the walls' part, which a
         * check before printing measures apart from an answer or a lid
         * (solid_read_stl); at most 74 bytes */
        char seed_text[32] = "";
        if (meiro_maze_seed(maze, &seed))
            snprintf(seed_text, sizeof seed_text, " seed %llu,", (unsigned long long)seed);
        snprintf(text, sizeof text, "meiro %s,%s %s grid, mm; maze %zu", MEIRO_VERSION, seed_text,
                 meiro_grid_name(meiro_maze_grid(maze)), model->part[0].triangles);
        memcpy(head, text, strlen(text));
        for (int k = 0; k < 4; k++) head[80 + k] = (unsigned char)(total >> 8 * k);
        fwrite(head, 1, sizeof head, out);
    }
    for (unsigned k = 0; k < SOLID_PARTS; k++) {
        if (!model->part[k].triangles) continue;
        if (ascii) put_ascii(&model->part[k], solid_part_name(k), out);
        else put_binary(&model->part[k], out);
    }
    return MEIRO_OK; /* the stream's errors: the caller's check */
}
