#!/usr/bin/env python3
"""Lists the C functions of MPI 4.1 for the runtime's coverage test, from the MPI Forum's machine-readable API.

    derive-mpi-4.1-functions.py ompi_mpi-standard-4.1-apis.json \
        > src/test/resources/org/mpi4all/ffi/mpi-4.1-c-functions.txt

The input is the Forum's apis.json as pympistandard bundles it (a copy is in the shared mpi-standard
directory). Output: one line per C function, "NAME PARAMETERS", sorted: every procedure with a C binding
that is neither a callback type nor a predefined callback, and the large-count variant NAME_c of each
procedure with a polymorphic (count or displacement) parameter. PARAMETERS counts the C parameters (not
Fortran's ierror, not the "..." of a varargs function, and for NAME not those only NAME_c has).
"""
import json
import sys


def main(path):
    apis = json.load(open(path))
    lines = []
    for entry in apis.values():
        attributes = entry["attributes"]
        if not attributes["c_expressible"] or attributes["callback"] or attributes["predefined_function"]:
            continue
        parameters = [p for p in entry["parameters"]
                      if "c_parameter" not in p["suppress"].split() and p["kind"] != "VARARGS"]
        # Parameters marked large_only exist in NAME_c only (MPI_Type_get_contents_c's large counts).
        lines.append(f'{entry["name"]} {len([p for p in parameters if not p["large_only"]])}')
        if any(p["kind"].startswith("POLY") for p in entry["parameters"]):
            lines.append(f'{entry["name"]}_c {len(parameters)}')
    print("\n".join(sorted(lines)))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
