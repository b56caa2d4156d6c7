# A Debian package: `cpack -G DEB` in a build folder writes hitbox_<version>_<arch>.deb with
# everything `cmake --install` puts in the prefix, and with it a menu entry, an icon and a man
# page (tests/deb_test.sh checks it; `apt install ./hitbox_*.deb` installs it).

# ---- desktop entry, icon and man page (installed by `cmake --install` too) ----
install(FILES ${PROJECT_SOURCE_DIR}/assets/desktop/hitbox.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${PROJECT_SOURCE_DIR}/assets/desktop/hitbox.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)

# The man page is `hitbox --help` and `hitbox --version` as help2man lays them out, so it never
# drifts from the program. Required: a build without it would install no man page.
find_program(HITBOX_HELP2MAN help2man)
if(NOT HITBOX_HELP2MAN)
  message(FATAL_ERROR "help2man not found: it writes the man page from `hitbox --help` "
                      "(apt-get install help2man; scripts/dev.sh installs it)")
endif()
set(HITBOX_MAN_PAGE ${CMAKE_CURRENT_BINARY_DIR}/hitbox.1)
add_custom_command(
  OUTPUT ${HITBOX_MAN_PAGE}.gz
  COMMAND ${HITBOX_HELP2MAN} --no-info --section=1
          "--name=2D collision sandbox: shapes, SAT, GJK, swept tests and pixel masks"
          --output=${HITBOX_MAN_PAGE} $<TARGET_FILE:hitbox>
  # -n: no name or time stamp in the .gz, so the same page gives the same bytes
  COMMAND gzip -9nf ${HITBOX_MAN_PAGE}
  DEPENDS hitbox
  COMMENT "Writing the man page from hitbox --help (help2man)"
  VERBATIM)
add_custom_target(hitbox_man ALL DEPENDS ${HITBOX_MAN_PAGE}.gz)
install(FILES ${HITBOX_MAN_PAGE}.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# ---- CPack: one .deb, made only by `cpack` (not by the build) ----
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME hitbox)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
# The program finds share/hitbox by a path relative to its own (../share/hitbox from bin/),
# so packing under /usr works whatever prefix the build was configured with. The libraries go
# to /usr/lib; configured with -DCMAKE_INSTALL_PREFIX=/usr, GNUInstallDirs picks Debian's
# multiarch /usr/lib/<triplet> instead.
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(HITBOX_DEB_MAINTAINER
    "Hitbox maintainers <maintainers@users.noreply.a-seed-cb4e41f4.example>"
    CACHE STRING "The .deb's Maintainer field")
set(CPACK_PACKAGE_CONTACT "${HITBOX_DEB_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${HITBOX_DEB_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "2D collision detection sandbox and library")
# The long description, one line of the control file each ("" is a blank line there).
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
  "Hitbox shows how 2D collision detection decides. Drag rectangles, circles,"
  "polygons, segments and sprites and watch each algorithm work: bounding"
  "boxes and circles, the separating axis theorem with the minimum"
  "translation vector, swept tests, GJK, rays and pixel masks, step by step,"
  "with bundled lessons. `hitbox query` prints the same answers as JSON"
  "without a window."
  ""
  "The collision code is also installed as static C++20 libraries"
  "(hitbox::collide, hitbox::scene, hitbox::sim) with their headers, a CMake"
  "package and pkg-config files.")
# science: the program is a tool for studying geometry algorithms (not a game), and the
# library is the smaller part of the package (a devel package would hold only that).
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# Depends from the linked libraries (SDL2, OpenGL, the C++ runtime), found by dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# What dpkg-shlibdeps cannot see: SDL loads the GL library at run time (libGL for an X11
# window, libEGL for Wayland and the offscreen driver), and presenter mode draws its larger
# text with DejaVu Sans Mono when present (app/platform/fonts.cpp). `hitbox query` and the
# library need none of them, hence Recommends (apt installs them by default).
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "libgl1, libegl1, fonts-dejavu-core")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # hitbox_0.1.0_amd64.deb
# Debian installs programs stripped (static libraries are never stripped by CMake).
set(CPACK_STRIP_FILES ON)
include(CPack)
