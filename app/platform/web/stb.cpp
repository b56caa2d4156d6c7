// The browser build compiles stb_image and stb_image_write itself; the desktop links Debian's
// libstb, which holds them.
#define STB_IMAGE_IMPLEMENTATION
#include <stb_image.h>
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb_image_write.h>
