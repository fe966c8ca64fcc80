# Standalone build support: ns-3 module API (build_lib, build_lib_example,
# build_example) on top of the prebuilt ns-3 from the PyPI wheel ``ns3``.
#
# The macros follow build-support/custom-modules/ns3-module-macros.cmake of
# ns-3 3.44, so that a module's CMakeLists.txt builds unchanged both here and
# inside an ns-3 source tree.

set(CMAKE_HEADER_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/include/ns3)
file(MAKE_DIRECTORY ${CMAKE_HEADER_OUTPUT_DIRECTORY})

# Find the directory of the installed ``ns3`` wheel (site-packages/ns3).
function(ns3_find_wheel_dir out)
  set(python ${CMAKE_SOURCE_DIR}/.venv/bin/python)
  if(EXISTS ${python})
    execute_process(
      COMMAND
        ${python} -c
        "import importlib.util as u; print(list(u.find_spec('ns3').submodule_search_locations)[0])"
      OUTPUT_VARIABLE dir
      OUTPUT_STRIP_TRAILING_WHITESPACE
      ERROR_QUIET
    )
  endif()
  if(NOT IS_DIRECTORY "${dir}")
    file(GLOB dir LIST_DIRECTORIES true
         ${CMAKE_SOURCE_DIR}/.venv/lib/python3*/site-packages/ns3
    )
    list(GET dir 0 dir)
  endif()
  set(${out} "${dir}" PARENT_SCOPE)
endfunction()

# The wheel's imported targets reference include directories and libraries of
# the machine the wheel was built on. Drop every absolute path that does not
# exist here; the ns-3 libraries find their bundled dependencies via RPATH.
function(ns3_drop_missing_paths)
  get_directory_property(targets IMPORTED_TARGETS)
  foreach(target ${targets})
    if(NOT target MATCHES "^ns3::")
      continue()
    endif()
    foreach(property INTERFACE_INCLUDE_DIRECTORIES INTERFACE_LINK_LIBRARIES)
      get_target_property(values ${target} ${property})
      if(NOT values)
        continue()
      endif()
      set(kept)
      foreach(value ${values})
        if(IS_ABSOLUTE "${value}" AND NOT EXISTS "${value}")
          continue()
        endif()
        list(APPEND kept "${value}")
      endforeach()
      set_target_properties(${target} PROPERTIES ${property} "${kept}")
    endforeach()
  endforeach()
endfunction()

# The directory of the ns-3 libraries the imported targets point to.
function(ns3_library_dir out)
  get_target_property(configs ns3::core IMPORTED_CONFIGURATIONS)
  list(GET configs 0 config)
  get_target_property(location ns3::core IMPORTED_LOCATION_${config})
  get_filename_component(dir "${location}" DIRECTORY)
  set(${out} "${dir}" PARENT_SCOPE)
endfunction()

# Define ${lib<name>} = ns3::<name> for every module shipped in the wheel.
function(ns3_define_wheel_lib_variables)
  get_directory_property(targets IMPORTED_TARGETS)
  foreach(target ${targets})
    if(target MATCHES "^ns3::(.+)$")
      set(lib${CMAKE_MATCH_1} ${target} PARENT_SCOPE)
    endif()
  endforeach()
endfunction()

# Build an executable into build/bin/<EXECNAME>. EXECUTABLE_DIRECTORY_PATH
# is ns-3's (where its build puts the program inside a source tree): taken
# and not used, every program here goes to build/bin.
function(build_exec)
  cmake_parse_arguments(
    "BEXEC" "IGNORE_PCH" "EXECNAME;EXECNAME_PREFIX;EXECUTABLE_DIRECTORY_PATH"
    "SOURCE_FILES;HEADER_FILES;LIBRARIES_TO_LINK" ${ARGN}
  )
  set(target ${BEXEC_EXECNAME_PREFIX}${BEXEC_EXECNAME})
  add_executable(${target} ${BEXEC_SOURCE_FILES})
  target_link_libraries(${target} PRIVATE ${BEXEC_LIBRARIES_TO_LINK})
  set_target_properties(
    ${target} PROPERTIES OUTPUT_NAME ${BEXEC_EXECNAME}
                         RUNTIME_OUTPUT_DIRECTORY ${CMAKE_RUNTIME_OUTPUT_DIRECTORY}
  )
endfunction()

# Write build/include/ns3/<name>-module.h, including all public headers.
function(write_module_header name header_files)
  string(TOUPPER "${name}" guard)
  string(REPLACE "-" "_" guard "${guard}")
  set(contents "#ifdef NS3_MODULE_COMPILATION\n")
  string(APPEND contents "#error \"Do not include ns3 module aggregator headers "
         "from other modules; these are meant only for end user scripts.\"\n"
         "#endif\n#ifndef NS3_MODULE_${guard}\n// Module headers:\n"
  )
  foreach(header ${header_files})
    get_filename_component(head ${header} NAME)
    string(APPEND contents "#include <ns3/${head}>\n")
  endforeach()
  string(APPEND contents "#endif\n")
  # file(CONFIGURE) only touches the file when its contents change
  file(CONFIGURE OUTPUT ${CMAKE_HEADER_OUTPUT_DIRECTORY}/${name}-module.h
       CONTENT "${contents}" @ONLY
  )
endfunction()

# Make ``#include "ns3/<header>"`` work: like ns-3, write a stub header in
# build/include/ns3 that includes the real header of the module.
function(copy_headers headers)
  foreach(header ${headers})
    get_filename_component(name ${header} NAME)
    get_filename_component(path ${header} ABSOLUTE)
    if(NOT EXISTS ${path})
      message(FATAL_ERROR "Header ${path} listed in ${CMAKE_CURRENT_LIST_FILE} does not exist")
    endif()
    file(CONFIGURE OUTPUT ${CMAKE_HEADER_OUTPUT_DIRECTORY}/${name}
         CONTENT "#include \"${path}\"\n" @ONLY
    )
  endforeach()
endfunction()

# Build an ns-3 module: libns3.44-<LIBNAME>.so, its headers, its test library
# libns3.44-<LIBNAME>-test.so and its examples (examples/CMakeLists.txt).
function(build_lib)
  set(options IGNORE_PCH GENERATE_EXPORT_HEADER)
  set(oneValueArgs LIBNAME)
  set(multiValueArgs
      SOURCE_FILES
      HEADER_FILES
      LIBRARIES_TO_LINK
      TEST_SOURCES
      DEPRECATED_HEADER_FILES
      MODULE_ENABLED_FEATURES
      PRIVATE_HEADER_FILES
  )
  cmake_parse_arguments(
    "BLIB" "${options}" "${oneValueArgs}" "${multiValueArgs}" ${ARGN}
  )
  string(REPLACE "${PROJECT_SOURCE_DIR}/" "" FOLDER "${CMAKE_CURRENT_SOURCE_DIR}")
  set(name ${BLIB_LIBNAME})

  add_library(${name} SHARED ${BLIB_SOURCE_FILES})
  add_library(ns3::${name} ALIAS ${name})
  set_target_properties(${name} PROPERTIES OUTPUT_NAME ns${NS3_VER}-${name})
  target_include_directories(${name} PUBLIC ${CMAKE_BINARY_DIR}/include)
  target_link_libraries(${name} PUBLIC ${BLIB_LIBRARIES_TO_LINK})
  target_compile_definitions(${name} PRIVATE NS3_MODULE_COMPILATION)
  set_property(GLOBAL APPEND PROPERTY NS3_SUITE_LIBS ${name})

  if(BLIB_GENERATE_EXPORT_HEADER)
    include(GenerateExportHeader)
    generate_export_header(
      ${name} EXPORT_FILE_NAME ${CMAKE_HEADER_OUTPUT_DIRECTORY}/${name}-export.h
    )
  endif()

  copy_headers(
    "${BLIB_HEADER_FILES};${BLIB_DEPRECATED_HEADER_FILES};${BLIB_PRIVATE_HEADER_FILES}"
  )
  write_module_header(${name} "${BLIB_HEADER_FILES}")

  if(BLIB_TEST_SOURCES)
    add_library(${name}-test SHARED ${BLIB_TEST_SOURCES})
    set_target_properties(
      ${name}-test PROPERTIES OUTPUT_NAME ns${NS3_VER}-${name}-test
    )
    # The plain signature, as ns-3's build_lib_tests, so that a module's list
    # can add to its test library as it would in an ns-3 tree.
    target_link_libraries(${name}-test ${name} ${BLIB_LIBRARIES_TO_LINK})
    target_compile_definitions(
      ${name}-test PRIVATE NS_TEST_SOURCEDIR="${FOLDER}/test"
    )
    set_property(GLOBAL APPEND PROPERTY NS3_SUITE_TEST_LIBS ${name}-test)
  endif()

  # Examples are always built in standalone mode; they see ${BLIB_LIBNAME}.
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/examples/CMakeLists.txt)
    add_subdirectory(examples)
  endif()
endfunction()

# Build an example of the module being processed by build_lib.
function(build_lib_example)
  cmake_parse_arguments(
    "BLIB_EXAMPLE" "IGNORE_PCH" "NAME"
    "SOURCE_FILES;HEADER_FILES;LIBRARIES_TO_LINK" ${ARGN}
  )
  build_exec(
    EXECNAME ${BLIB_EXAMPLE_NAME}
    SOURCE_FILES ${BLIB_EXAMPLE_SOURCE_FILES}
    LIBRARIES_TO_LINK ${BLIB_LIBNAME} ${BLIB_EXAMPLE_LIBRARIES_TO_LINK}
  )
endfunction()

# Build a top-level example (ns-3's examples/*/CMakeLists.txt style).
function(build_example)
  cmake_parse_arguments(
    "BEX" "IGNORE_PCH" "NAME" "SOURCE_FILES;HEADER_FILES;LIBRARIES_TO_LINK"
    ${ARGN}
  )
  build_exec(
    EXECNAME ${BEX_NAME}
    SOURCE_FILES ${BEX_SOURCE_FILES}
    LIBRARIES_TO_LINK ${BEX_LIBRARIES_TO_LINK}
  )
endfunction()
