/* stl_view: an STL (binary or text) seen from above at an angle, shaded,
 * as a PNG: how the samples show meiro's 3D prints, and how a person
 * looks at one without a slicer. A z-buffer over the triangles, lit from
 * above; a triangle facing away is not drawn. A text STL's solids named
 * "answer" and "lid" (meiro's parts) are drawn red and blue-grey.
 * Usage: stl_view IN.stl OUT.png [WIDTH [TURN ELEVATION]] */
#include <math.h>
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef M_PI
#define M_PI 3.14159265358979323846
#endif

typedef struct tri {
    float v[3][3];
    int part; /* a text STL's solid: 0 the maze, 1 "answer", 2 "lid" */
} tri;

static tri *read_stl(const char *path, size_t *count)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    unsigned char head[84];
    size_t got = fread(head, 1, sizeof head, f);
    tri *t = NULL;
    *count = 0;
    if (got >= 5 && memcmp(head, "solid", 5) == 0) { /* text */
        rewind(f);
        char word[64];
        size_t cap = 0, corner = 0;
        int part = 0;
        while (fscanf(f, "%63s", word) == 1) {
            if (strcmp(word, "solid") == 0 && fscanf(f, "%63s", word) == 1)
                part = !strcmp(word, "answer") ? 1 : !strcmp(word, "lid") ? 2 : 0;
            if (strcmp(word, "vertex") != 0) continue;
            if (corner == 0) {
                if (*count == cap) {
                    cap = cap ? 2 * cap : 4096;
                    tri *grown = realloc(t, cap * sizeof *t);
                    if (!grown) break;
                    t = grown;
                }
                (*count)++;
            }
            t[*count - 1].part = part;
            float *v = t[*count - 1].v[corner];
            if (fscanf(f, "%f %f %f", &v[0], &v[1], &v[2]) != 3) break;
            corner = (corner + 1) % 3;
        }
    } else if (got == sizeof head) {
        size_t n = (size_t)head[80] | (size_t)head[81] << 8 | (size_t)head[82] << 16 |
                   (size_t)head[83] << 24;
        t = calloc(n ? n : 1, sizeof *t); /* one part: binary STL names none */
        unsigned char rec[50];
        for (size_t i = 0; t && i < n && fread(rec, 1, sizeof rec, f) == sizeof rec;
             i++, (*count)++)
            for (int k = 0; k < 9; k++) { /* little-endian floats after the normal */
                uint32_t u = (uint32_t)rec[12 + 4 * k] | (uint32_t)rec[13 + 4 * k] << 8 |
                             (uint32_t)rec[14 + 4 * k] << 16 | (uint32_t)rec[15 + 4 * k] << 24;
                memcpy(&t[i].v[k / 3][k % 3], &u, sizeof u);
            }
    }
    fclose(f);
    return t;
}

static int write_png(const char *path, const unsigned char *rgb, int W, int H)
{
    FILE *out = fopen(path, "wb");
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!out || !info || setjmp(png_jmpbuf(png))) {
        fprintf(stderr, "stl_view: cannot write %s\n", path);
        return 1;
    }
    png_init_io(png, out);
    png_set_IHDR(png, info, (png_uint_32)W, (png_uint_32)H, 8, PNG_COLOR_TYPE_RGB,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = 0; y < H; y++) png_write_row(png, (png_bytep)(rgb + (size_t)y * W * 3));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return fclose(out) == 0 ? 0 : 1;
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: stl_view IN.stl OUT.png [WIDTH [TURN ELEVATION]]\n");
        return 2;
    }
    size_t n;
    tri *t = read_stl(argv[1], &n);
    if (!t || !n) {
        fprintf(stderr, "stl_view: %s: no triangles read\n", argv[1]);
        return 1;
    }
    int W = argc > 3 ? atoi(argv[3]) : 900, H = W * 3 / 4;
    if (W < 16 || W > 8000) return 2;
    /* the view: turned 30 degrees about z, from 50 degrees above the horizon
     * (or as asked, in degrees: a tube's other side, its ends) */
    /* each triangle's light from its normal, facing out (counter-clockwise) */
    double *shade = malloc(n * sizeof *shade);
    if (!shade) return 1;
    const double light[3] = {-0.36, -0.48, 0.80}; /* from above, the front left */
    for (size_t i = 0; i < n; i++) {
        const float *a = t[i].v[0], *b = t[i].v[1], *c = t[i].v[2];
        double u[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]},
               v[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
        double nx = u[1] * v[2] - u[2] * v[1], ny = u[2] * v[0] - u[0] * v[2],
               nz = u[0] * v[1] - u[1] * v[0];
        double nl = sqrt(nx * nx + ny * ny + nz * nz);
        double lit = nl > 0 ? (nx * light[0] + ny * light[1] + nz * light[2]) / nl : 0;
        shade[i] = 0.35 + 0.65 * fmax(0, lit);
    }
    double az = (argc > 5 ? -atof(argv[4]) : -30) * M_PI / 180,
           el = (argc > 5 ? atof(argv[5]) : 50) * M_PI / 180;
    double ca = cos(az), sa = sin(az), ce = cos(el), se = sin(el);
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 3; k++) {
            float *v = t[i].v[k];
            double x = ca * v[0] - sa * v[1], y = sa * v[0] + ca * v[1];
            double sx = x, sy = -(y * se + v[2] * ce); /* screen y down */
            float *out = v; /* kept as screen x, y and depth (away from us) */
            double depth = y * ce - v[2] * se;
            out[0] = (float)sx, out[1] = (float)sy, out[2] = (float)depth;
            lo[0] = fmin(lo[0], sx), lo[1] = fmin(lo[1], sy);
            hi[0] = fmax(hi[0], sx), hi[1] = fmax(hi[1], sy);
        }
    double scale = 0.92 * fmin(W / (hi[0] - lo[0]), H / (hi[1] - lo[1]));
    double ox = (W - scale * (hi[0] - lo[0])) / 2, oy = (H - scale * (hi[1] - lo[1])) / 2;
    float *zbuf = malloc((size_t)W * H * sizeof *zbuf);
    unsigned char *rgb = malloc((size_t)W * H * 3);
    if (!zbuf || !rgb) return 1;
    for (size_t p = 0; p < (size_t)W * H; p++) zbuf[p] = INFINITY;
    memset(rgb, 255, (size_t)W * H * 3);
    for (size_t i = 0; i < n; i++) {
        double P[3][3];
        for (int k = 0; k < 3; k++) {
            P[k][0] = ox + scale * (t[i].v[k][0] - lo[0]);
            P[k][1] = oy + scale * (t[i].v[k][1] - lo[1]);
            P[k][2] = t[i].v[k][2];
        }
        double ux = P[1][0] - P[0][0], uy = P[1][1] - P[0][1], vx = P[2][0] - P[0][0],
               vy = P[2][1] - P[0][1], area = ux * vy - uy * vx;
        if (area >= 0) continue; /* facing away (screen y runs down) */
        int x0 = (int)fmax(0, floor(fmin(P[0][0], fmin(P[1][0], P[2][0])))),
            x1 = (int)fmin(W - 1, ceil(fmax(P[0][0], fmax(P[1][0], P[2][0])))),
            y0 = (int)fmax(0, floor(fmin(P[0][1], fmin(P[1][1], P[2][1])))),
            y1 = (int)fmin(H - 1, ceil(fmax(P[0][1], fmax(P[1][1], P[2][1]))));
        for (int y = y0; y <= y1; y++)
            for (int x = x0; x <= x1; x++) {
                double px = x + 0.5, py = y + 0.5;
                double w0 = ((P[1][0] - px) * (P[2][1] - py) - (P[1][1] - py) * (P[2][0] - px)) /
                            area,
                       w1 = ((P[2][0] - px) * (P[0][1] - py) - (P[2][1] - py) * (P[0][0] - px)) /
                            area,
                       w2 = 1 - w0 - w1;
                if (w0 < 0 || w1 < 0 || w2 < 0) continue;
                double z = w0 * P[0][2] + w1 * P[1][2] + w2 * P[2][2];
                size_t at = (size_t)y * W + x;
                if (z >= zbuf[at]) continue;
                zbuf[at] = (float)z;
                static const unsigned char colour[3][3] = {
                    {235, 200, 120}, {230, 40, 30}, {150, 170, 200}};
                for (int k = 0; k < 3; k++)
                    rgb[3 * at + k] = (unsigned char)(colour[t[i].part][k] * shade[i]);
            }
    }
    int rc = write_png(argv[2], rgb, W, H);
    free(zbuf);
    free(rgb);
    free(shade);
    free(t);
    return rc;
}
