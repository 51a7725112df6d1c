# cmake -DCASE=<case> -DBUILD=<dir> -P flavours_test.cmake: configures the
# room of flavours/ with one flavour asked for as CASE says, and checks what
# cmake/flavours.cmake made of it, or that it refused with the message a
# maintainer needs.
set(src ${CMAKE_CURRENT_LIST_DIR}/flavours)
file(REMOVE_RECURSE ${BUILD})
execute_process(COMMAND ${CMAKE_COMMAND} -S ${src} -B ${BUILD} -DCASE=${CASE}
                RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)

function(expect_refusal message)
  string(REGEX REPLACE "[ \n]+" " " err "${err}")
  if(status EQUAL 0)
    message(FATAL_ERROR "configuring with CASE=${CASE} succeeded; it should have stopped with: ${message}")
  endif()
  string(FIND "${err}" "${message}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "configuring with CASE=${CASE} stopped without saying '${message}':\n${err}")
  endif()
endfunction()

if(CASE STREQUAL "replace-and-edit")
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "configuring failed:\n${err}")
  endif()
  # The room's list less the replaced b.cpp and the edited a.cpp, then the
  # replacement and the edited copy; the options as given.
  foreach(line "sources: ${src}/room/c.cpp;${src}/mine.cpp;${BUILD}/f/a.cpp" "options: -O1")
    string(FIND "${out}" "-- ${line}\n" at)
    if(at EQUAL -1)
      message(FATAL_ERROR "expected '${line}' in:\n${out}")
    endif()
  endforeach()
  file(READ ${BUILD}/f/a.cpp copy)
  string(FIND "${copy}" "\nint x = 2;\nint y = 1;\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "the edited copy should be room/a.cpp with x = 2, is:\n${copy}")
  endif()
elseif(CASE STREQUAL "edit-twice" OR CASE STREQUAL "edit-gone")
  expect_refusal("flavour f of room: room/a.cpp should have '")
  expect_refusal("' exactly once; update the flavour")
elseif(CASE STREQUAL "replace-nothing")
  expect_refusal("flavour f of room: no source of room/ is named d\\.cpp any more; update the flavour")
endif()
