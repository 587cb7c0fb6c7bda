// FreeType for LandfallCards: the headers through ft2build.h, as FreeType asks, and the few
// flag macros Swift does not import as constants.
#include <ft2build.h>
#include FT_FREETYPE_H

static inline int landfall_ft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }
static inline int landfall_ft_is_scalable(FT_Face face) { return FT_IS_SCALABLE(face) ? 1 : 0; }
static inline FT_Int32 landfall_ft_load_render(void) { return FT_LOAD_RENDER | FT_LOAD_TARGET_LIGHT; }
static inline FT_Int32 landfall_ft_load_metrics(void) { return FT_LOAD_DEFAULT | FT_LOAD_TARGET_LIGHT; }
