// The fast engine's worker threads (fast_engine/include/susurration/fast_engine.hpp).
//
// A step at n = 400 takes a tenth of a millisecond, so threads are started
// once and kept: a job is handed over through one atomic counter, and a
// waiting thread spins a while before it sleeps on a futex
// (std::atomic::wait), so that back-to-back steps cost no system call while
// an idle flock costs no CPU.
//
// Workers help if they can: the caller runs the job itself, and a worker
// joins only while the caller is still at it. So a worker that the system
// has not scheduled (a busy machine, more threads than cores) never holds a
// step up; a job must therefore hand out its work through a shared counter
// rather than split it by thread. What a job computes never depends on
// which thread runs which part, nor on how many take part.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

namespace susurration::fast {

class WorkerPool {
 public:
  // `threads` >= 1 counts the caller: threads - 1 workers are started.
  explicit WorkerPool(int threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }

  // Calls job(0) on the calling thread, and job(t) on each worker t that
  // wakes in time to join (possibly more than once); returns when every
  // call has returned. With `parallel` false, only job(0), for work too
  // small to be worth handing over. One job at a time: concurrent callers
  // take turns.
  template <class Job>
  void run(Job& job, bool parallel = true) {
    run_erased(&call<Job>, &job, parallel);
  }

 private:
  using Erased = void (*)(void* job, int thread);

  template <class Job>
  static void call(void* job, int thread) {
    (*static_cast<Job*>(job))(thread);
  }

  void run_erased(Erased fn, void* job, bool parallel);
  bool join();
  void work(int thread);

  static constexpr int kClosed = 1 << 30;

  std::mutex turn_;
  Erased fn_ = nullptr;
  void* job_ = nullptr;
  std::atomic<int> generation_{0};     // bumped once per job, and once to stop
  std::atomic<int> joined_{0};         // workers that joined the job, | kClosed once it closes
  std::atomic<int> finished_{0};       // workers done with the current job
  std::atomic<int> sleeping_{0};       // threads blocked in a futex wait
  std::atomic<bool> stopping_{false};  // read by late workers too
  std::vector<std::thread> workers_;
};

// Hands out items 0 .. count - 1 to the threads of a job in chunks that
// shrink as the items run out (guided scheduling): a take is one atomic
// operation on a cache line the threads share, and on this kind of
// machine moving that line between cores costs about as much as a small
// item, so the first takes are large and only the last few are single
// items. On a line of its own, so that nothing else the threads write
// moves it.
class alignas(64) Handout {
 public:
  Handout(std::size_t count, int threads)
      : count_(count), divisor_(2 * static_cast<std::size_t>(threads)) {}

  struct Chunk {
    std::size_t begin, end;  // empty once every item is handed out
  };
  Chunk take() {
    std::size_t begin = next_.load(std::memory_order_relaxed);
    std::size_t end;
    do {
      if (begin >= count_) {
        return {count_, count_};
      }
      end = begin + std::max<std::size_t>(1, (count_ - begin) / divisor_);
    } while (!next_.compare_exchange_weak(begin, end, std::memory_order_relaxed));
    return {begin, end};
  }

 private:
  std::atomic<std::size_t> next_{0};
  std::size_t count_;
  std::size_t divisor_;
};

}  // namespace susurration::fast
