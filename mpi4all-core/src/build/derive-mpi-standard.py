#!/usr/bin/env python3
"""Derives mpi4all's compact view of the MPI standard from the MPI Forum's machine-readable API.

    derive-mpi-standard.py MPI_STANDARD_DIR > src/main/resources/org/mpi4all/core/standard/mpi-standard.json

MPI_STANDARD_DIR holds the Forum's files as pympistandard bundles them:
ompi_mpi-standard-4.1-apis.json, ompi_mpi-standard-5.0-apis.json and ompi_mpi-standard-5.0-abi.json.
The probe uses the result to name parameters the header leaves unnamed, to annotate standard parameters
with direction and array length, to tell error-code returns from other int returns, and to type the
standard's predefined constants (e.g. MPI_COMM_NULL_COPY_FN is a MPI_Comm_copy_attr_function *).

Output: one JSON object, keys sorted, one entry per line so that updates diff cleanly:
  procedures: C name -> {returns, largeCount, parameters: [[name, direction, length, description, kind, flags], ...],
              c?}
              (functions and callback types; 5.0 wins over 4.1; parameters the C binding suppresses,
              such as Fortran's ierror, are left out; length is null, "*" for an unnamed length, or an
              expression; a list for a multi-dimensional array; description is the standard's
              one-line description of the parameter, or ""; kind is the standard's parameter kind (BUFFER,
              POLYXFER_NUM_ELEM_NNI, DATATYPE, COMMUNICATOR, ...); flags lists which of asynchronous (MPI
              keeps the buffer after the call returns) and root_only (significant at the root alone) hold;
              c is the ISO C signature
              [return type, parameter types...] where every parameter is a scalar passed by value,
              which lets the probe type a function an implementation gives only as a macro, such as
              MPI_Aint_add)
  constants:  C name -> [C type, value in the MPI-5 ABI or null], from the MPI-5 ABI's constant table
"""
import json
import sys
from pathlib import Path


# ISO C types of the scalar kinds (MPI 5.0, Table "Kinds of parameters" in the language-independent
# specification); procedures using other kinds by value get no "c" entry.
C_SCALARS = {
    "NOTHING": "void", "ERROR_CODE": "int", "ERROR_CLASS": "int", "KEY_INDEX": "int",
    "LOCATION": "MPI_Aint", "LOCATION_SMALL": "MPI_Aint", "DISPLACEMENT": "MPI_Aint",
    "DISPLACEMENT_SMALL": "MPI_Aint", "WALL_TIME": "double", "TICK_RESOLUTION": "double",
    "COMMUNICATOR": "MPI_Comm", "DATATYPE": "MPI_Datatype", "ERRHANDLER": "MPI_Errhandler",
    "FILE": "MPI_File", "GROUP": "MPI_Group", "INFO": "MPI_Info", "MESSAGE": "MPI_Message",
    "OPERATION": "MPI_Op", "REQUEST": "MPI_Request", "SESSION": "MPI_Session", "WINDOW": "MPI_Win",
    "F90_COMM": "MPI_Fint", "F90_DATATYPE": "MPI_Fint", "F90_ERRHANDLER": "MPI_Fint", "F90_FILE": "MPI_Fint",
    "F90_GROUP": "MPI_Fint", "F90_INFO": "MPI_Fint", "F90_MESSAGE": "MPI_Fint", "F90_OP": "MPI_Fint",
    "F90_REQUEST": "MPI_Fint", "F90_SESSION": "MPI_Fint", "F90_WIN": "MPI_Fint",
}


def scalar_signature(entry, parameters):
    """[return type, parameter types...] when every C parameter is a scalar passed by value."""
    types = [C_SCALARS.get(entry["return_kind"])]
    for p in parameters:
        if p["param_direction"] != "in" or p["length"] or p["pointer"]:
            return None
        types.append(C_SCALARS.get(p["kind"]))
    return None if None in types else types


def procedures(apis):
    result = {}
    for entry in apis.values():
        attributes = entry["attributes"]
        if not attributes["c_expressible"] or attributes["predefined_function"]:
            continue  # Fortran-only procedures; predefined callbacks are constants, typed from the ABI table.
        c_parameters = [p for p in entry["parameters"]
                        if "c_parameter" not in p["suppress"].split() and p["kind"] != "VARARGS"]
        procedure = {
            "returns": entry["return_kind"],
            # The MPI-4 large-count variant NAME_c exists for procedures with a polymorphic parameter.
            "largeCount": any(p["kind"].startswith("POLY") for p in entry["parameters"]),
            "parameters": [[p["name"], p["param_direction"], p["length"], p["desc"], p["kind"],
                            [flag for flag in ("asynchronous", "root_only") if p[flag]]] for p in c_parameters],
        }
        signature = scalar_signature(entry, c_parameters)
        if signature and not attributes["callback"]:
            procedure["c"] = signature
        result[entry["name"]] = procedure
    return result


def main(directory):
    directory = Path(directory)
    merged = {}
    for version in ("4.1", "5.0"):
        apis = json.loads((directory / f"ompi_mpi-standard-{version}-apis.json").read_text())
        merged.update(procedures(apis))
    abi = json.loads((directory / "ompi_mpi-standard-5.0-abi.json").read_text())
    constants = {c["name"]: [c["handle_types"]["c"]["type"], c.get("abi_value")] for c in abi["constants"].values()
                 if c["handle_types"]["c"]["type"]}
    print("{")
    print('  "procedures": {\n' + entries(merged) + "\n  },")
    print('  "constants": {\n' + entries(constants) + "\n  }")
    print("}")


def entries(mapping):
    """One sorted "name": value line per entry, so that an update diffs by entry."""
    return ",\n".join(f"    {json.dumps(name)}: {json.dumps(mapping[name], sort_keys=True)}" for name in sorted(mapping))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
