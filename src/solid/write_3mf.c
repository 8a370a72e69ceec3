/* 3MF (3MF Consortium, Core Specification 1.3): an OPC package, a zip of
 * [Content_Types].xml, _rels/.rels (the start part) and 3D/3dmodel.model,
 * the model in millimetres: an object per part (the maze, its answer, its
 * lid) named after it, each a mesh of shared vertices and triangles, all
 * in the build; the seed and the command that makes it again in the
 * model's metadata. */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include "solid/solid.h"

#include "core/error.h"
#include "core/markup.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char content_types[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
    "<Default Extension=\"rels\" "
    "ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
    "<Default Extension=\"model\" "
    "ContentType=\"application/vnd.ms-package.3dmanufacturing-3dmodel+xml\"/></Types>\n";

static const char rels[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
    "<Relationship Target=\"/3D/3dmodel.model\" Id=\"rel0\" "
    "Type=\"http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel\"/></Relationships>\n";

static void put_metadata(const char *name, const char *value, FILE *out)
{
    fprintf(out, " <metadata name=\"%s\">", name);
    markup_text(out, value);
    fputs("</metadata>\n", out);
}

static void put_object(const solid_mesh *m, unsigned id, const char *name, FILE *out)
{
    fprintf(out, "  <object id=\"%u\" type=\"model\" name=\"%s\">\n   <mesh>\n    <vertices>\n", id,
            name);
    for (size_t i = 0; i < m->vertices; i++) {
        const float *p = m->xyz + 3 * i;
        fprintf(out, "     <vertex x=\"%.9g\" y=\"%.9g\" z=\"%.9g\"/>\n", p[0], p[1], p[2]);
    }
    fputs("    </vertices>\n    <triangles>\n", out);
    for (size_t j = 0; j < m->triangles; j++) {
        const uint32_t *t = m->tri + 3 * j;
        fprintf(out, "     <triangle v1=\"%lu\" v2=\"%lu\" v3=\"%lu\"/>\n", (unsigned long)t[0],
                (unsigned long)t[1], (unsigned long)t[2]);
    }
    fputs("    </triangles>\n   </mesh>\n  </object>\n", out);
}

static void put_model(const meiro_maze *maze, const solid_model *model, const solid_sizes *s,
                      FILE *out)
{
    char text[512], remake[400];
    uint64_t seed;
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<model unit=\"millimeter\" xml:lang=\"en-US\" "
          "xmlns=\"http://schemas.microsoft.com/3dmanufacturing/core/2015/02\">\n",
          out);
    if (meiro_maze_seed(maze, &seed))
        snprintf(text, sizeof text, "A %s maze, seed %llu", meiro_grid_name(meiro_maze_grid(maze)),
                 (unsigned long long)seed);
    else snprintf(text, sizeof text, "A %s maze", meiro_grid_name(meiro_maze_grid(maze)));
    put_metadata("Title", text, out);
    put_metadata("Application", "meiro " MEIRO_VERSION, out);
    solid_remake(maze, s, "3mf", remake, sizeof remake);
    snprintf(text, sizeof text, "Made again by: %s", remake);
    put_metadata("Description", text, out);
    fputs(" <resources>\n", out);
    for (unsigned k = 0; k < SOLID_PARTS; k++)
        if (model->part[k].triangles) put_object(&model->part[k], k + 1, solid_part_name(k), out);
    fputs(" </resources>\n <build>\n", out);
    for (unsigned k = 0; k < SOLID_PARTS; k++)
        if (model->part[k].triangles) fprintf(out, "  <item objectid=\"%u\"/>\n", k + 1);
    fputs(" </build>\n</model>\n", out);
}

meiro_status write_3mf(const meiro_maze *maze, const meiro_path *path, const solid_sizes *s,
                       FILE *out, meiro_error *err)
{
    solid_model model;
    meiro_status st = solid_build(maze, path, s, &model, err);
    if (st == MEIRO_OK) st = write_3mf_model(maze, &model, s, out, err);
    solid_model_free(&model);
    return st;
}

meiro_status write_3mf_model(const meiro_maze *maze, const solid_model *model, const solid_sizes *s,
                             FILE *out, meiro_error *err)
{
    meiro_status st;
    char *xml = NULL;
    size_t size = 0;
    FILE *mem = open_memstream(&xml, &size);
    if (!mem)
        return fail(err, errno == ENOMEM ? MEIRO_ERROR_NOMEM : MEIRO_ERROR_IO,
                    "cannot hold the 3MF model in memory");
    put_model(maze, model, s, mem);
    bool failed = ferror(mem) != 0;
    if (fclose(mem) != 0 || failed || !xml) {
        free(xml);
        return fail(err, MEIRO_ERROR_NOMEM, "out of memory writing the 3MF model");
    }
    const zip_entry entries[] = {
        {"[Content_Types].xml", content_types, sizeof content_types - 1},
        {"_rels/.rels", rels, sizeof rels - 1},
        {"3D/3dmodel.model", xml, size},
    };
    st = zip_write(entries, sizeof entries / sizeof entries[0], out, err);
    free(xml);
    return st;
}
