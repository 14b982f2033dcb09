#!/usr/bin/env python3
"""What C2 left as calls under chosen methods, read from a HotSpot compilation log (-XX:+LogCompilation).

    c2-inlining.py LOG METHOD...    (METHOD as SimpleClassName::name, e.g. LayersBenchmark::allreduceHighLevel)
    c2-inlining.py --sizes LOG TEXT...

For each METHOD: its last C2 (tier 4) compilation, as a compilation of its own or inlined into another (a JMH stub's),
and every call under it that C2 did not inline, with C2's reason and the chain of inlined methods above it. Then, for
each such callee of org.mpi4all, its own last C2 compilation the same way: the code that call runs, down to the
downcall. Sizes are C2's: a method's bytecode, and the bytes of instructions of a compilation, which C2 compares with
InlineSmallCode (2500 on x86-64) before it inlines a method compiled on its own ("already compiled into a big method").
--sizes lists every C2 compilation of the methods whose names contain TEXT, in order, with its size.
Used by scripts/c2-inlining.
"""
import re
import sys

ATTRIBUTE = re.compile(r"(\w+)='([^']*)'")


def attributes(line):
    return dict(ATTRIBUTE.findall(line))


class Method:
    def __init__(self, holder, name, size):
        self.holder, self.name, self.size = holder, name, size
        self.label = "%s::%s" % (holder.split(".")[-1], name)
        self.key = "%s (%s bytes)" % (self.label, size)


class Call:
    """A call C2 parsed: inlined (ok) or not, with its reason; the root of a compilation has no caller."""

    def __init__(self, method, bci, reason, ok):
        self.method, self.bci, self.reason, self.ok = method, bci, reason, ok
        self.calls = []


class Compilation:
    def __init__(self, attrs):
        self.id = attrs.get("compile_id")
        self.level = attrs.get("level", "4")
        self.osr = attrs.get("compile_kind") == "osr"
        self.stamp = float(attrs.get("stamp", "0"))
        self.root = None
        self.succeeded = False


def read(path):
    """The successful C2 compilations of the log, and the bytes of instructions of each compilation by its id."""
    compilations, instructions = [], {}
    current = None
    for line in open(path, errors="replace"):
        line = line.strip()
        attrs = attributes(line)
        if line.startswith("<nmethod ") and "insts_offset" in attrs and "stub_offset" in attrs:
            instructions[attrs.get("compile_id")] = int(attrs["stub_offset"]) - int(attrs["insts_offset"])
        elif line.startswith("<task ") :
            current = Compilation(attrs)
            klasses, methods, stack, pending, bci = {}, {}, [], None, None
        elif current is None:
            continue
        elif line.startswith("<klass "):
            klasses[attrs["id"]] = attrs["name"].replace("/", ".")
        elif line.startswith("<method "):
            methods[attrs["id"]] = Method(klasses.get(attrs.get("holder"), "?"), attrs.get("name"), attrs.get("bytes"))
        elif line.startswith("<parse ") and not line.startswith("<parse_done"):
            method = methods.get(attrs.get("method"))
            if not stack and (current.root is None or current.root.method is method):
                current.root = Call(method, None, "compiled", True)   # a retried compilation starts again
                stack = [current.root]
            elif pending is not None and pending.method is method:
                stack.append(pending)
            else:  # parsed later than its call (late inlining): kept under the caller known at this point
                late = Call(method, bci, "late inline", True)
                (stack[-1] if stack else current.root).calls.append(late)
                stack.append(late)
            pending = None
        elif line.startswith("</parse>"):
            if stack:
                stack.pop()
        elif line.startswith("<bc "):
            bci = attrs.get("bci")
        elif line.startswith("<call ") and stack:
            pending = Call(methods.get(attrs.get("method")), bci, "", False)
            stack[-1].calls.append(pending)
        elif line.startswith("<inline_fail") or line.startswith("<inline_success"):
            if pending is not None:
                pending.reason, pending.ok = attrs.get("reason", ""), line.startswith("<inline_success")
        elif line.startswith("<intrinsic ") and pending is not None:
            pending.reason, pending.ok = "intrinsic", True
        elif line.startswith("<task_done"):
            current.succeeded = attrs.get("success") == "1"
        elif line.startswith("</task>"):
            if current.root is not None and current.root.method is not None and current.level == "4" \
                    and current.succeeded:
                compilations.append(current)
            current = None
    return compilations, instructions


def inlined(call, label):
    """The first inlined call of a method called label in call's tree, or None."""
    if call.ok and call.method is not None and call.method.label == label:
        return call
    for callee in call.calls:
        found = inlined(callee, label)
        if found is not None:
            return found
    return None


def last_compilation(compilations, label, key=None):
    """The last compilation of label: of its own if key (that overload) is given, else also inlined elsewhere."""
    best = None
    for c in compilations:
        if key is not None:
            call = c.root if c.root.method.key == key else None
        else:
            call = inlined(c.root, label)
        if call is not None and (best is None or c.stamp >= best[0].stamp):
            best = (c, call)
    return best


def not_inlined(call, chain, found):
    for callee in call.calls:
        if not callee.ok:
            found.append((chain, callee))
        else:
            not_inlined(callee, chain + [callee], found)
    return found


def account(compilations, instructions, label, key, indent, seen):
    best = last_compilation(compilations, label, key)
    if best is None:
        print("%s%s: no C2 compilation of its own" % (indent, key or label))
        return
    compilation, call = best
    where = "its own" if compilation.root is call else "inlined into " + compilation.root.method.label
    print("%s%s: last C2 compilation %s%s at %.3f s (%s; %s bytes of instructions)" % (
        indent, call.method.key, compilation.id, " (OSR)" if compilation.osr else "", compilation.stamp, where,
        instructions.get(compilation.id, "?")))
    for chain, callee in not_inlined(call, [], []):
        above = " > ".join(c.method.label for c in chain)
        print("%s  @ %s %s  %s%s" % (indent, callee.bci, callee.method.key if callee.method else "?", callee.reason,
                                      "   [in " + above + "]" if above else ""))
        if callee.method is not None and callee.method.holder.startswith("org.mpi4all") \
                and callee.method.key not in seen:
            seen.add(callee.method.key)
            account(compilations, instructions, callee.method.label, callee.method.key, indent + "      ", seen)


def sizes(compilations, instructions, text):
    for c in sorted(compilations, key=lambda c: c.stamp):
        if text in c.root.method.label:
            print("%-70s compilation %6s%s at %8.3f s: %6s bytes of instructions" % (
                c.root.method.key, c.id, " (OSR)" if c.osr else "      ", c.stamp, instructions.get(c.id, "?")))


def main(args):
    if len(args) >= 2 and args[0] == "--sizes":
        compilations, instructions = read(args[1])
        for text in args[2:]:
            sizes(compilations, instructions, text)
        return
    if len(args) < 2:
        sys.exit(__doc__)
    compilations, instructions = read(args[0])
    for label in args[1:]:
        print("== " + label)
        account(compilations, instructions, label, None, "", set())


if __name__ == "__main__":
    main(sys.argv[1:])
