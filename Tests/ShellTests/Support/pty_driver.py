#!/usr/bin/env python3
"""Drives a program through a pseudo-terminal for the shell's end-to-end tests.

Reads a JSON object on stdin: {"argv": [...], "env": {...}, "steps": [[verb, arg, ...], ...]}
with verbs "send" (text to type), "wait" (a regular expression to wait for, with a timeout in
seconds), "pause" (seconds, busy-waiting, so that short pauses are exact) and "eof" (wait for the program to end, optionally retyping a key each second). Prints a JSON object: the whole output, the
exit status (or null), and the first step that timed out (or null).
"""
import fcntl, json, os, pty, re, select, signal, struct, sys, termios, time

def main():
    spec = json.load(sys.stdin)
    env = dict(os.environ)
    env.update(spec.get("env", {}))
    pid, fd = pty.fork()
    if pid == 0:
        signal.pthread_sigmask(signal.SIG_SETMASK, [])
        for sig in (signal.SIGINT, signal.SIGQUIT, signal.SIGPIPE):
            signal.signal(sig, signal.SIG_DFL)
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        os.execve(spec["argv"][0], spec["argv"], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    output = b""
    failed = None
    status = None

    def read_for(seconds):
        nonlocal output
        end = time.time() + seconds
        while time.time() < end:
            ready, _, _ = select.select([fd], [], [], max(0.0, end - time.time()))
            if not ready:
                return True
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return False
            if not chunk:
                return False
            output += chunk
            yield_point = yield_check()
            if yield_point:
                return True
        return True

    pattern = [None]
    start = [0]

    def yield_check():
        return pattern[0] is not None and re.search(pattern[0], output[start[0]:].decode("utf-8", "replace"))

    for step in spec["steps"]:
        verb = step[0]
        if verb == "send":
            # Type only once the line editor reads raw keys: keys typed while the terminal is
            # still canonical (the prompt is out, the editor not yet reading) are flushed
            # when it switches, as on any terminal.
            deadline = time.time() + 5
            while termios.tcgetattr(fd)[3] & termios.ICANON and time.time() < deadline:
                read_for(0.01)
            os.write(fd, step[1].encode("utf-8"))
        elif verb == "pause":
            end = time.time() + step[1]
            while time.time() < end:
                pass
        elif verb == "wait":
            pattern[0] = step[1]
            timeout = step[2] if len(step) > 2 else 10
            deadline = time.time() + timeout
            while not yield_check() and time.time() < deadline:
                if not read_for(min(0.2, max(0.0, deadline - time.time()))):
                    break
            found = yield_check()
            if found:
                start[0] = start[0] + found.end()
            pattern[0] = None
            if not found and failed is None:
                failed = step
                break
        elif verb == "eof":
            timeout = step[1] if len(step) > 1 else 10
            # A key typed while the line discipline is still in canonical mode (between
            # two libedit reads) can be swallowed; retyping it each second keeps the test
            # about the program, not about that race.
            resend = step[2] if len(step) > 2 else None
            deadline = time.time() + timeout
            next_resend = time.time() + 1
            open_ = True
            while time.time() < deadline:
                if resend and open_ and time.time() >= next_resend:
                    os.write(fd, resend.encode("utf-8"))
                    next_resend = time.time() + 1
                if open_:
                    open_ = read_for(0.2)
                else:
                    time.sleep(0.05)
                done, code = os.waitpid(pid, os.WNOHANG)
                if done:
                    status = os.waitstatus_to_exitcode(code)
                    break
            if status is None and failed is None:
                failed = step
    if status is None:
        try:
            done, code = os.waitpid(pid, os.WNOHANG)
            if done:
                status = os.waitstatus_to_exitcode(code)
            else:
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
        except ChildProcessError:
            pass
    json.dump({"output": output.decode("utf-8", "replace"), "status": status, "failed": failed}, sys.stdout)

main()
