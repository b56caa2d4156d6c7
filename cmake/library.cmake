# Installing the core as a library (docs/library.md): hitbox::collide, hitbox::scene and
# hitbox::sim as static libraries with their headers, a relocatable CMake package
# (lib/cmake/hitbox) and pkg-config files (hitbox-collide, hitbox-scene, hitbox-sim).
include(CMakePackageConfigHelpers)

foreach(lib collide scene sim)
  target_compile_features(hitbox_${lib} PUBLIC cxx_std_20)
endforeach()
# collide.h and ray.h hold inline lane code, so a program that includes them is built for the
# same instruction set as the library.
if(HITBOX_HAVE_X86_64_V2)
  target_compile_options(hitbox_collide INTERFACE -march=x86-64-v2)
  set(HITBOX_PC_MARCH " -march=x86-64-v2")
endif()

install(TARGETS hitbox_collide hitbox_scene hitbox_sim EXPORT hitboxTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
# The three libraries' headers go to one include/hitbox/. detail/ holds what the inline fast
# paths need: installed, but not part of the API (each of its headers says so).
foreach(lib collide scene sim)
  install(DIRECTORY core/${lib}/include/hitbox DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
endforeach()

set(HITBOX_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/hitbox)
install(EXPORT hitboxTargets NAMESPACE hitbox:: DESTINATION ${HITBOX_CMAKE_DIR})
configure_package_config_file(cmake/hitboxConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/hitboxConfig.cmake INSTALL_DESTINATION ${HITBOX_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/hitboxConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/hitboxConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/hitboxConfigVersion.cmake
        DESTINATION ${HITBOX_CMAKE_DIR})

# pkg-config: the prefix is found from the .pc file's own folder, so a moved or unpacked
# prefix still works.
set(HITBOX_PC_DIR ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
file(RELATIVE_PATH HITBOX_PC_TO_PREFIX ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig
     ${CMAKE_INSTALL_PREFIX})
string(REGEX REPLACE "/$" "" HITBOX_PC_TO_PREFIX "${HITBOX_PC_TO_PREFIX}")
set(HITBOX_PC_REQUIRES_collide "glm")
set(HITBOX_PC_REQUIRES_scene "hitbox-collide")
set(HITBOX_PC_REQUIRES_sim "hitbox-scene")
set(HITBOX_PC_SUMMARY_collide "Hitbox's 2D collision detection: shapes, SAT, MTD, swept, GJK, rays")
set(HITBOX_PC_SUMMARY_scene "Hitbox scene files and the query report")
set(HITBOX_PC_SUMMARY_sim "Hitbox play mode: bodies that fall, bounce, slide and rest")
foreach(lib collide scene sim)
  set(HITBOX_PC_NAME ${lib})
  set(HITBOX_PC_REQUIRES ${HITBOX_PC_REQUIRES_${lib}})
  set(HITBOX_PC_SUMMARY ${HITBOX_PC_SUMMARY_${lib}})
  set(HITBOX_PC_CFLAGS "")
  if(lib STREQUAL "collide")
    set(HITBOX_PC_CFLAGS " -std=c++20${HITBOX_PC_MARCH}")
  endif()
  configure_file(cmake/hitbox.pc.in ${CMAKE_CURRENT_BINARY_DIR}/hitbox-${lib}.pc @ONLY)
  install(FILES ${CMAKE_CURRENT_BINARY_DIR}/hitbox-${lib}.pc DESTINATION ${HITBOX_PC_DIR})
endforeach()
