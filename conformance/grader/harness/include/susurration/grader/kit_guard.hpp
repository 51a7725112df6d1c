// Guards the kit against the engines it runs (issue 24), where no sandbox
// hides it from them: the kit is made non-dumpable (no ptrace by a
// same-user engine, no /proc/<kit>/fd, environ or exe), and a small guard
// process watches for the kit being stopped (SIGSTOP and the other stop
// signals, which the kit cannot catch). A stopped kit is set running again
// (SIGCONT) and ends the grade: it prints one line naming what happened,
// kills every engine and exits with `stopped_status`.
#pragma once

namespace susurration::grader {

// Once, from the main thread (the guard dies with the thread that started
// it), before the first engine starts.
void guard_the_kit(int stopped_status);

}  // namespace susurration::grader
