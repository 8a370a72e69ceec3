/* Polar, hex and triangle grids (being built: see core/grid.h). */
#include "core/error.h"
#include "core/grid.h"

meiro_maze *grid_new(meiro_grid grid, uint32_t w, uint32_t h, meiro_error *err)
{
    (void)w, (void)h;
    fail(err, MEIRO_ERROR_ARGUMENT, "the %s grid is not built yet", meiro_grid_name(grid));
    return NULL;
}
size_t grid_total(const meiro_maze *m) { return (size_t)m->w * m->h; }
uint32_t grid_row_width(const meiro_maze *m, uint32_t y) { return y < m->h ? m->w : 0; }
size_t grid_id(const meiro_maze *m, meiro_cell c) { return (size_t)c.y * m->w + c.x; }
meiro_cell grid_cell(const meiro_maze *m, size_t id)
{
    return (meiro_cell){(uint32_t)(id % m->w), (uint32_t)(id / m->w)};
}
unsigned grid_sides(const meiro_maze *m, size_t id) { return (void)m, (void)id, 0; }
size_t grid_neighbour(const meiro_maze *m, size_t id, unsigned side)
{
    return (void)m, (void)id, (void)side, GRID_NONE;
}
unsigned grid_back_side(const meiro_maze *m, size_t id, unsigned side)
{
    return (void)m, (void)id, side;
}
void grid_set_side(meiro_maze *m, size_t id, unsigned side, bool open)
{
    (void)m, (void)id, (void)side, (void)open;
}
meiro_status grid_check(const meiro_maze *m, meiro_error *err)
{
    (void)m;
    return fail(err, MEIRO_ERROR_INTERNAL, "grid not built");
}
meiro_status grid_is_perfect(const meiro_maze *m, bool *perfect, meiro_error *err)
{
    (void)m, (void)err;
    *perfect = false;
    return MEIRO_OK;
}
void grid_extent(const meiro_maze *m, double *width, double *height)
{
    *width = m->w, *height = m->h;
}
void grid_centre(const meiro_maze *m, size_t id, double *x, double *y)
{
    (void)m, (void)id;
    *x = *y = 0;
}
void grid_side(const meiro_maze *m, size_t id, unsigned side, grid_side_shape *shape)
{
    (void)m, (void)id, (void)side;
    *shape = (grid_side_shape){0};
}
