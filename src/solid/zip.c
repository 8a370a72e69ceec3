/* A zip archive of stored entries (PKWARE's APPNOTE 6.3: local headers,
 * the central directory, its end record), as an OPC package such as 3MF
 * may be: no compression, no data descriptors, no zip64 (an entry and the
 * archive under 4 GiB), the date fixed at 1980-01-01 so the same maze
 * gives the same bytes. */
#include "solid/solid.h"

#include "core/error.h"

#include <string.h>

static uint32_t crc32_of(const unsigned char *p, size_t n)
{
    uint32_t table[256];
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ c >> 1 : c >> 1;
        table[i] = c;
    }
    uint32_t c = 0xFFFFFFFFu;
    for (size_t i = 0; i < n; i++) c = table[(c ^ p[i]) & 0xFF] ^ c >> 8;
    return c ^ 0xFFFFFFFFu;
}

static void put16(unsigned char *p, unsigned v)
{
    p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8);
}

static void put32(unsigned char *p, uint32_t v) { put16(p, v & 0xFFFF), put16(p + 2, v >> 16); }

enum { DOS_DATE_1980_01_01 = 0x21 };

/* The fields a local header and a directory entry share, from `version
 * needed` on: version, flags, method (stored), time, date, CRC, sizes,
 * the name's length. */
static void common(unsigned char *p, uint32_t crc, uint32_t size, size_t name)
{
    put16(p, 10);    /* version needed: 1.0, stored */
    put16(p + 2, 0); /* flags */
    put16(p + 4, 0); /* stored */
    put16(p + 6, 0); /* 00:00 */
    put16(p + 8, DOS_DATE_1980_01_01);
    put32(p + 10, crc);
    put32(p + 14, size);
    put32(p + 18, size);
    put16(p + 22, (unsigned)name);
    put16(p + 24, 0); /* no extra field */
}

meiro_status zip_write(const zip_entry *entries, size_t count, FILE *out, meiro_error *err)
{
    enum { MAX_ENTRIES = 16 };
    uint32_t crc[MAX_ENTRIES], at[MAX_ENTRIES];
    uint64_t offset = 0;
    if (count > MAX_ENTRIES) return fail(err, MEIRO_ERROR_INTERNAL, "too many entries in a zip");
    for (size_t i = 0; i < count; i++) {
        size_t name = strlen(entries[i].name);
        if (entries[i].size > UINT32_MAX - 1 || offset + entries[i].size + 30 + name > UINT32_MAX)
            return fail(err, MEIRO_ERROR_TOO_BIG, "the 3MF package would pass 4 GiB");
        unsigned char h[30];
        crc[i] = crc32_of(entries[i].data, entries[i].size);
        at[i] = (uint32_t)offset;
        put32(h, 0x04034b50);
        common(h + 4, crc[i], (uint32_t)entries[i].size, name);
        fwrite(h, 1, sizeof h, out);
        fwrite(entries[i].name, 1, name, out);
        fwrite(entries[i].data, 1, entries[i].size, out);
        offset += sizeof h + name + entries[i].size;
    }
    uint64_t dir = offset;
    for (size_t i = 0; i < count; i++) {
        size_t name = strlen(entries[i].name);
        unsigned char h[46] = {0};
        put32(h, 0x02014b50);
        put16(h + 4, 10); /* made by: MS-DOS, 1.0 */
        common(h + 6, crc[i], (uint32_t)entries[i].size, name);
        /* comment length, disk, attributes: 0 */
        put32(h + 42, at[i]);
        fwrite(h, 1, sizeof h, out);
        fwrite(entries[i].name, 1, name, out);
        offset += sizeof h + name;
    }
    if (offset > UINT32_MAX)
        return fail(err, MEIRO_ERROR_TOO_BIG, "the 3MF package would pass 4 GiB");
    unsigned char end[22] = {0};
    put32(end, 0x06054b50);
    put16(end + 8, (unsigned)count);
    put16(end + 10, (unsigned)count);
    put32(end + 12, (uint32_t)(offset - dir));
    put32(end + 16, (uint32_t)dir);
    fwrite(end, 1, sizeof end, out);
    return MEIRO_OK; /* the stream's errors: the caller's check */
}
