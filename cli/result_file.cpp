// Writing a result file, or keeping its text when the target is taken over
// (result_file.hpp).
#include "result_file.hpp"

#include <sys/stat.h>

#include <cstdio>
#include <exception>

#include "atomic_file.hpp"

namespace susurration::cli {
namespace {

// Why the target could not take the text, in the words of what is there
// now: the usual cause is something planted after it was checked.
std::string why_not(const std::filesystem::path& path, const std::exception& e) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0) {
    if (S_ISLNK(st.st_mode)) return "a symlink is there now";
    if (S_ISDIR(st.st_mode)) return "a folder is there now";
    if (!S_ISREG(st.st_mode)) return "a device, FIFO or socket is there now";
  }
  return e.what();
}

}  // namespace

bool write_result_file(std::string_view option, const std::filesystem::path& path, const std::string& text) {
  std::string why;
  try {
    generator::write_atomically(path, text, option);
    return true;
  } catch (const std::exception& e) {
    why = why_not(path, e);
  }
  const std::string named = "--" + std::string(option) + " " + path.string();
  try {
    const std::filesystem::path kept = generator::write_beside(path, text, false);
    std::fprintf(stderr, "grade: %s could not be written (%s): written to %s instead\n", named.c_str(), why.c_str(),
                 kept.c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grade: %s could not be written (%s), nor a file beside it (%s): it follows here\n",
                 named.c_str(), why.c_str(), e.what());
    std::fwrite(text.data(), 1, text.size(), stderr);
    std::fflush(stderr);
  }
  return false;
}

}  // namespace susurration::cli
