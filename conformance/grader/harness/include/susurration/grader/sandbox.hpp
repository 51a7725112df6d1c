// How an engine is started (issue 24): with a minimal environment always,
// and inside a bubblewrap sandbox when the caller asks for it.
//
// An engine runs as the kit's user. Without a sandbox it could read the
// vectors the kit reads, write into the kit's stdout through /proc, signal
// the kit, or outlive it. The sandbox gives each engine its own PID, IPC,
// UTS and network namespaces, its own session, a read-only view of the
// system and of its own command's files, a private scratch folder, and
// resource limits (grading.md, "The engine's sandbox", PROTO-16); none of the kit's own
// files are in it.
#pragma once

#include <filesystem>
#include <string>
#include <sys/resource.h>
#include <vector>

namespace susurration::grader {

// Set once, before the first engine starts; every EngineProcess started
// afterwards follows it. The defaults (no sandbox) are what a caller that
// never opts in (fuzz, the unit tests) gets.
struct EngineLaunch {
  bool sandbox = false;
  // Names of environment variables passed on to the engine beside the
  // minimal ones (grade --engine-env NAME).
  std::vector<std::string> pass_env;
  // Files and folders readable inside the sandbox beside the command's own
  // (grade --engine-files PATH): an engine whose files are spread out.
  std::vector<std::string> files;
};
void set_engine_launch(const EngineLaunch& launch);
// The kit's own adapters folder, whose browser bridge brings adapters/node
// into the sandbox (PROTO-16); empty (the default) where the kit has none.
void set_kit_adapters(const std::filesystem::path& dir);
const EngineLaunch& engine_launch();

// Why the sandbox cannot run here ("" when it can): bwrap is missing, or a
// trial run of it with the namespaces the sandbox uses fails. Probed once.
std::string sandbox_unavailable();

// The limits each sandboxed engine runs under (grading.md states them).
struct SandboxLimit {
  int resource;
  rlim_t value;
};
inline constexpr SandboxLimit kSandboxLimits[] = {
    {RLIMIT_AS, rlim_t{1} << 46},       // address space: 64 TiB, above AddressSanitizer's ~20 TiB of shadow
                                        // and heap and Chromium's 1 TiB V8 cage; bounds runaway reservations only
    {RLIMIT_NPROC, 4096},               // processes of the user: a fork bomb stops here
    {RLIMIT_FSIZE, rlim_t{1} << 30},    // one file
    {RLIMIT_CPU, 7200},                 // CPU seconds of one engine process, over every case it serves
    {RLIMIT_NOFILE, 4096},              // open files
    {RLIMIT_CORE, 0},                   // no core dumps
};
// The scratch folder's size (its tmpfs), in bytes.
inline constexpr unsigned long long kScratchBytes = 1ULL << 30;

// bwrap's command line that runs `argv` (argv[0] resolved to `program`)
// inside the sandbox. The environment bwrap is given passes on unchanged;
// the engine's stdin and stdout are bwrap's descriptors 3 and 4, its stderr
// bwrap's own.
std::vector<std::string> sandboxed_command(const std::string& program, const std::vector<std::string>& argv);

}  // namespace susurration::grader
