# The browser build (HITBOX_WEB): Emscripten's emcmake configures the project; the same core
# and app sources build to WebAssembly with SDL2 and Dear ImGui compiled for the browser.
# `bash scripts/dev.sh web` (scripts/web_deps.sh) prepares HITBOX_WEB_DEPS first:
#   src/libsdl2-2.26.5/  SDL 2.26.5 from Debian's source package (compiled here)
#   src/imgui-1.86/      Dear ImGui 1.86 from Debian's source package (compiled here)
# GLM, nlohmann-json and stb are Debian's headers, seen through links in the build folder so
# emcc never searches /usr/include (the host's C library lives there).

set(HITBOX_WEB_DEPS "${PROJECT_SOURCE_DIR}/build/web-deps" CACHE PATH
    "SDL2 (src/libsdl2-2.26.5/) and Dear ImGui (src/imgui-1.86/) for the browser build")
set(HITBOX_WEB_OUT "${CMAKE_BINARY_DIR}/web" CACHE PATH "Where the page and its files go")
if(NOT EMSCRIPTEN)
  message(FATAL_ERROR "HITBOX_WEB needs Emscripten: configure with emcmake (scripts/dev.sh web)")
endif()

set(HITBOX_WEB_HEADERS ${CMAKE_BINARY_DIR}/web-headers)
file(MAKE_DIRECTORY ${HITBOX_WEB_HEADERS})
foreach(dir glm nlohmann stb)
  if(NOT EXISTS /usr/include/${dir})
    message(FATAL_ERROR "/usr/include/${dir} is missing (Debian's libglm-dev, "
                        "nlohmann-json3-dev, libstb-dev)")
  endif()
  file(CREATE_LINK /usr/include/${dir} ${HITBOX_WEB_HEADERS}/${dir} SYMBOLIC)
endforeach()
add_library(glm::glm INTERFACE IMPORTED)
target_include_directories(glm::glm INTERFACE ${HITBOX_WEB_HEADERS})
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED)
target_include_directories(nlohmann_json::nlohmann_json INTERFACE ${HITBOX_WEB_HEADERS})

# Exceptions on: scene files that do not load throw SceneError, caught and shown as on the
# desktop (Emscripten turns catching off by default).
add_compile_options(-fexceptions)
add_link_options(-fexceptions)

# HITBOX_WINDOW_LIBS for hitbox_app: SDL2, Dear ImGui with its SDL2 and OpenGL ES 3 backends,
# and stb (Debian's libstb holds its code on the desktop; here app/platform/web/stb.cpp).
enable_language(C)  # SDL

# SDL 2.26.5 from Debian's source package, compiled here with SDL's own settings for
# Emscripten (include/SDL_config_emscripten.h, which SDL_config.h picks for __EMSCRIPTEN__).
# SDL's CMake would first run some 300 configure checks, an emcc compile and link each: 5 min
# on one core. The folders are the drivers that configuration turns on (threads off, so the
# generic thread stubs; the dummy and disk audio drivers beside the browser's).
function(hitbox_web_sdl2 src)
  set(dirs . atomic audio audio/disk audio/dummy audio/emscripten cpuinfo dynapi events file
      filesystem/emscripten haptic hidapi joystick joystick/emscripten joystick/virtual libm
      loadso/dlopen locale locale/emscripten misc misc/emscripten power power/emscripten render
      render/opengles2 render/software sensor sensor/dummy stdlib thread thread/generic timer
      timer/unix video video/emscripten video/yuv2rgb)
  set(files "")
  foreach(dir ${dirs})
    file(GLOB found ${src}/src/${dir}/*.c)
    if(NOT found)
      message(FATAL_ERROR "${src}/src/${dir} has no sources: not SDL 2.26.5's layout")
    endif()
    list(APPEND files ${found})
  endforeach()
  add_library(hitbox_web_sdl2 STATIC ${files})
  target_include_directories(hitbox_web_sdl2 SYSTEM PUBLIC ${src}/include)
  target_compile_options(hitbox_web_sdl2 PRIVATE -w)  # SDL's code, not ours
endfunction()

function(hitbox_web_window_libs)
  set(sdl ${HITBOX_WEB_DEPS}/src/libsdl2-2.26.5)
  if(NOT EXISTS ${sdl}/include/SDL_config_emscripten.h)
    message(FATAL_ERROR "${sdl} is missing: scripts/dev.sh web fetches it")
  endif()
  hitbox_web_sdl2(${sdl})

  set(imgui ${HITBOX_WEB_DEPS}/src/imgui-1.86)
  if(NOT EXISTS ${imgui}/imgui.cpp)
    message(FATAL_ERROR "${imgui}/imgui.cpp is missing: scripts/dev.sh web fetches it")
  endif()
  add_library(hitbox_web_imgui STATIC
    ${imgui}/imgui.cpp ${imgui}/imgui_draw.cpp ${imgui}/imgui_tables.cpp
    ${imgui}/imgui_widgets.cpp ${imgui}/imgui_demo.cpp
    ${imgui}/backends/imgui_impl_sdl.cpp ${imgui}/backends/imgui_impl_opengl3.cpp)
  target_include_directories(hitbox_web_imgui SYSTEM PUBLIC ${imgui})
  # WebGL 2 is OpenGL ES 3 (ImGui 1.86 would pick ES 2 for Emscripten by itself).
  target_compile_definitions(hitbox_web_imgui PUBLIC IMGUI_IMPL_OPENGL_ES3)
  target_link_libraries(hitbox_web_imgui PUBLIC hitbox_web_sdl2)

  add_library(hitbox_web_stb INTERFACE)
  target_include_directories(hitbox_web_stb SYSTEM INTERFACE ${HITBOX_WEB_HEADERS}/stb)

  set(HITBOX_WINDOW_LIBS hitbox_web_imgui hitbox_web_sdl2 hitbox_web_stb PARENT_SCOPE)
endfunction()

# The program as a page: HITBOX_WEB_OUT gets index.html (app/platform/web/index.html),
# hitbox.js, hitbox.wasm and hitbox.data (assets/scenes, assets/sprites and Debian's DejaVu Sans
# Mono, preloaded to /assets in the page's in-memory file system). Static files: any web
# server can serve them.
function(hitbox_web_page target)
  file(GLOB_RECURSE assets CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/assets/scenes/*
       ${PROJECT_SOURCE_DIR}/assets/sprites/*)
  set_target_properties(${target} PROPERTIES
    OUTPUT_NAME hitbox SUFFIX ".js" RUNTIME_OUTPUT_DIRECTORY ${HITBOX_WEB_OUT}
    LINK_DEPENDS "${assets};${PROJECT_SOURCE_DIR}/app/platform/web/index.html")
  target_link_options(${target} PRIVATE
    -O2
    -sUSE_WEBGL2=1 -sMIN_WEBGL_VERSION=2 -sMAX_WEBGL_VERSION=2
    -sALLOW_MEMORY_GROWTH=1 -sFORCE_FILESYSTEM=1
    "-sEXPORTED_FUNCTIONS=['_main','_malloc','_free']"
    "-sEXPORTED_RUNTIME_METHODS=['ccall','FS']"
    "SHELL:--preload-file ${PROJECT_SOURCE_DIR}/assets/scenes@/assets/scenes"
    "SHELL:--preload-file ${PROJECT_SOURCE_DIR}/assets/sprites@/assets/sprites")
  # Presenter mode's TrueType font (app/platform/fonts.cpp looks in assets/fonts first).
  set(font /usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf)
  if(EXISTS ${font})
    target_link_options(${target} PRIVATE
      "SHELL:--preload-file ${font}@/assets/fonts/DejaVuSansMono.ttf")
  else()
    message(WARNING "${font} is missing (fonts-dejavu-core): presenter mode scales the bitmap font")
  endif()
  add_custom_command(TARGET ${target} POST_BUILD
    COMMAND ${CMAKE_COMMAND} -E copy ${PROJECT_SOURCE_DIR}/app/platform/web/index.html
            ${HITBOX_WEB_OUT}/index.html
    COMMENT "The page: ${HITBOX_WEB_OUT}/index.html")
endfunction()
