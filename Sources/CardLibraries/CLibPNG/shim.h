// libpng's simplified reading API (no setjmp/longjmp reaches Swift) and zlib's compress2, for
// LandfallCards; the format macros Swift does not import as constants are spelled out here.
#include <png.h>
#include <zlib.h>
#include <string.h>

/// Reads the header of a PNG held in memory: 1 and the size in `image` on success, 0 with
/// `image->message` set on failure.
static inline int landfall_png_begin(png_imagep image, const void *bytes, size_t count) {
    memset(image, 0, sizeof(*image));
    image->version = PNG_IMAGE_VERSION;
    return png_image_begin_read_from_memory(image, bytes, count);
}

/// Decodes the image begun with `landfall_png_begin` as 8-bit RGBA, non-premultiplied, into
/// `pixels` (width × height × 4 bytes); 1 on success, 0 with `image->message` set.
static inline int landfall_png_finish_rgba(png_imagep image, void *pixels) {
    image->format = PNG_FORMAT_RGBA;
    return png_image_finish_read(image, NULL, pixels, 0, NULL);
}

/// Compresses `count` bytes into a zlib stream in `out` (room for `*outCount` bytes, set to the
/// length written) at `level` with `strategy` (Z_RLE suits filtered images with flat areas);
/// Z_OK on success.
static inline int landfall_zlib_compress(unsigned char *out, unsigned long *outCount,
                                         const unsigned char *bytes, unsigned long count,
                                         int level, int strategy) {
    z_stream stream;
    memset(&stream, 0, sizeof(stream));
    int status = deflateInit2(&stream, level, Z_DEFLATED, 15, 8, strategy);
    if (status != Z_OK) return status;
    stream.next_in = (unsigned char *)bytes;
    stream.avail_in = (uInt)count;
    stream.next_out = out;
    stream.avail_out = (uInt)*outCount;
    status = deflate(&stream, Z_FINISH);
    *outCount = stream.total_out;
    deflateEnd(&stream);
    return status == Z_STREAM_END ? Z_OK : Z_BUF_ERROR;
}
