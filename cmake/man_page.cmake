# Writes the man page susurration.1 from the tool's own help texts with
# Debian's help2man (issue 55): `susurration --help` for the synopsis and
# options, and one section per subcommand from `susurration help CMD`, so the
# page says what --help says and cannot fall behind it.
# Run as: cmake -DTOOL=... -DVERSION=... -DHELP2MAN=... -DOUT=... -P man_page.cmake
# The version is given, not read from `--version`, whose last line names
# the vector set's folder in this build tree: an installed page names none.
execute_process(COMMAND ${TOOL} --help OUTPUT_VARIABLE top RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${TOOL} --help exited ${rc}")
endif()
string(REGEX MATCH "Subcommands:\n(.*)" listing "${top}")
string(REGEX MATCHALL "\n  ([a-z-]+)" names "\n${CMAKE_MATCH_1}")
set(include "[SUBCOMMANDS]\n")
foreach(line IN LISTS names)
  string(STRIP "${line}" name)
  execute_process(COMMAND ${TOOL} help ${name} OUTPUT_VARIABLE text RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${TOOL} help ${name} exited ${rc}")
  endif()
  # roff: a backslash is \e, and a line may not open with . or '.
  string(REPLACE "\\" "\\e" text "${text}")
  string(REGEX REPLACE "\n([.'])" "\n\\\\&\\1" text "\n${text}")
  string(APPEND include ".SS ${name}\n.nf${text}\n.fi\n")
endforeach()
file(WRITE ${OUT}.h2m "${include}")
execute_process(COMMAND ${HELP2MAN} --no-info --no-discard-stderr --section 1 --version-string "${VERSION}"
                        --name "the Susurration flock reference and conformance kit"
                        --include ${OUT}.h2m --output ${OUT} ${TOOL}
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "help2man exited ${rc}")
endif()
