package org.mpi4all.core.c;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class CDeclarationParserTest {

    private static List<CDeclaration> parse(String text) {
        return CDeclarationParser.parse(text).declarations();
    }

    private static CDeclaration.Function function(String text, String name) {
        return parse(text).stream()
                .filter(d -> d instanceof CDeclaration.Function && d.name().equals(name))
                .map(CDeclaration.Function.class::cast)
                .findFirst().orElseThrow();
    }

    private static CDeclaration.Typedef typedef(String text, String name) {
        return parse(text).stream()
                .filter(d -> d instanceof CDeclaration.Typedef && d.name().equals(name))
                .map(CDeclaration.Typedef.class::cast)
                .findFirst().orElseThrow();
    }

    private static final String PRELUDE = "typedef int MPI_Comm; typedef int MPI_Datatype; typedef struct s MPI_Status;\n";

    // ---------------------------------------------------------------- functions

    @Test
    void prototypeKeepsParameterNamesTypesAndConst() {
        var send = function(PRELUDE + "int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest,"
                + " int tag, MPI_Comm comm);", "MPI_Send");
        assertThat(send.type().spelling()).isEqualTo("int (const void *, int, MPI_Datatype, int, int, MPI_Comm)");
        assertThat(send.parameterNames()).containsExactly("buf", "count", "datatype", "dest", "tag", "comm");
        assertThat(send.defined()).isFalse();
        assertThat(send.isStatic()).isFalse();
    }

    @Test
    void functionPointerParameterKeepsItsOwnSignature() {
        var f = function(PRELUDE + "int MPI_Op_create(void (*user_fn)(void *, void *, int *, MPI_Datatype *),"
                + " int commute, int *op);", "MPI_Op_create");
        assertThat(f.type().parameters().get(0).spelling())
                .isEqualTo("void (*)(void *, void *, int *, MPI_Datatype *)");
        assertThat(f.parameterNames()).containsExactly("user_fn", "commute", "op");
    }

    @Test
    void functionReturningFunctionPointerTakesNamesFromItsOwnParameters() {
        var signal = function("void (*signal(int sig, void (*func)(int)))(int);", "signal");
        assertThat(signal.type().spelling()).isEqualTo("void (*(int, void (*)(int)))(int)");
        assertThat(signal.parameterNames()).containsExactly("sig", "func");
    }

    @Test
    void arraysOfArraysKeepTheirShape() {
        var f = function(PRELUDE + "int MPI_Group_range_incl(int group, int n, int ranges[][3], int *newgroup);",
                "MPI_Group_range_incl");
        CType ranges = f.type().parameters().get(2);
        assertThat(ranges).isEqualTo(new CType.Array(new CType.Array(new CType.Named("int"), 3), -1));
        assertThat(ranges.spelling()).isEqualTo("int [][3]");
    }

    @Test
    void arrayLengthsAreEvaluated() {
        var s = (CDeclaration.Struct) parse("struct x { char name[2 * (8 + 8)]; int bits[1 << 2]; long m[0x10u]; };").get(0);
        assertThat(s.fields()).extracting(f -> f.type().spelling())
                .containsExactly("char [32]", "int [4]", "long [16]");
    }

    @Test
    void constPlacementIsNormalised() {
        var f = function("void f(int const *a, const int *b, const int * const c, int * const * d, char const * const e[]);", "f");
        assertThat(f.type().parameters()).extracting(CType::spelling).containsExactly(
                "const int *", "const int *", "const int * const", "int * const *", "const char * const []");
        assertThat(f.type().parameters().get(2))
                .isEqualTo(new CType.Pointer(new CType.Named("int", true), true));
    }

    @Test
    void unnamedParametersHaveNullNames() {
        var f = function(PRELUDE + "int g(MPI_Comm, int *, void (*)(int));", "g");
        assertThat(f.parameterNames()).containsExactly(null, null, null);
        assertThat(f.type().spelling()).isEqualTo("int (MPI_Comm, int *, void (*)(int))");
    }

    @Test
    void varargsAndEmptyParameterLists() {
        assertThat(function("int MPI_Pcontrol(const int level, ...);", "MPI_Pcontrol").type().varargs()).isTrue();
        var wtime = function("double MPI_Wtime(void);", "MPI_Wtime");
        assertThat(wtime.type().parameters()).isEmpty();
        assertThat(wtime.type().spelling()).isEqualTo("double (void)");
        assertThat(function("int old();", "old").type().parameters()).isEmpty();
    }

    @Test
    void gccExtensionsAreSkipped() {
        String text = """
                __extension__ typedef unsigned long long __u64;
                __attribute__((visibility("default"))) int MPI_Init(int *argc, char ***argv) __attribute__((deprecated("x")));
                extern int fstat (int __fd, struct stat *__restrict __buf) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__nonnull__ (2)));
                extern int renamed (int __x) __asm__ ("" "renamed64") __attribute__ ((__nothrow__));
                static __inline __attribute__((always_inline)) int twice(int x) { return x * 2; }
                __asm__(".symver foo,foo@VERSION");
                _Static_assert(sizeof(int) == 4, "int");
                int after(void);
                """;
        List<CDeclaration> declarations = parse(text);
        assertThat(declarations).extracting(CDeclaration::name)
                .containsExactly("__u64", "MPI_Init", "fstat", "renamed", "twice", "after");
        assertThat(typedef(text, "__u64").type().spelling()).isEqualTo("unsigned long long");
        assertThat(function(text, "fstat").type().spelling()).isEqualTo("int (int, struct stat *)");
        assertThat(function(text, "MPI_Init").type().spelling()).isEqualTo("int (int *, char ***)");
        var twice = function(text, "twice");
        assertThat(twice.defined()).isTrue();
        assertThat(twice.isStatic()).isTrue();
    }

    @Test
    void inlineFunctionBodiesAreSkippedWhateverTheyHold() {
        String text = """
                static inline int MPI_Inline(int a) { struct { int x; } s = { a }; if (a) { return s.x; } return 0; }
                int MPI_Next(void);
                """;
        assertThat(parse(text)).extracting(CDeclaration::name).containsExactly("MPI_Inline", "MPI_Next");
    }

    @Test
    void oldStyleDefinitionsAreRead() {
        var f = function("int knr(a, b) int a; char *b; { return a; }\nint next(void);", "knr");
        assertThat(f.parameterNames()).containsExactly("a", "b");
        assertThat(f.defined()).isTrue();
    }

    @Test
    void basicTypeWordsAreCanonical() {
        var f = function("void f(long int, long unsigned int, unsigned, signed char, short int, long long int,"
                + " unsigned long long, long double, signed, _Bool, __signed__ long);", "f");
        assertThat(f.type().parameters()).extracting(CType::spelling).containsExactly(
                "long", "unsigned long", "unsigned int", "signed char", "short", "long long",
                "unsigned long long", "long double", "int", "_Bool", "long");
    }

    // ---------------------------------------------------------------- typedefs

    @Test
    void parenthesisedFunctionTypedef() {
        var t = typedef(PRELUDE + "typedef int (MPI_User_function)(void *, void *, int *, MPI_Datatype *);",
                "MPI_User_function");
        assertThat(t.type().spelling()).isEqualTo("int (void *, void *, int *, MPI_Datatype *)");
        assertThat(t.parameterNames()).containsExactly(null, null, null, null);
    }

    @Test
    void plainFunctionTypedefWithNamesAndVarargs() {
        var t = typedef(PRELUDE + "typedef void MPI_Comm_errhandler_function(MPI_Comm *comm, int *error_code, ...);",
                "MPI_Comm_errhandler_function");
        assertThat(t.type()).isInstanceOf(CType.Function.class);
        assertThat(((CType.Function) t.type()).varargs()).isTrue();
        assertThat(t.parameterNames()).containsExactly("comm", "error_code");
    }

    @Test
    void functionPointerTypedefKeepsThePointedFunctionsNames() {
        var t = typedef("typedef int (*callback_t)(void *extra_state, int complete);", "callback_t");
        assertThat(t.type().spelling()).isEqualTo("int (*)(void *, int)");
        assertThat(t.parameterNames()).containsExactly("extra_state", "complete");
    }

    @Test
    void typedefOfTypedefAndSeveralDeclarators() {
        String text = PRELUDE + "typedef int (F)(int); typedef F G; typedef MPI_Comm *P, Q[4];";
        assertThat(typedef(text, "G").type()).isEqualTo(new CType.Named("F"));
        assertThat(typedef(text, "P").type().spelling()).isEqualTo("MPI_Comm *");
        assertThat(typedef(text, "Q").type().spelling()).isEqualTo("MPI_Comm [4]");
    }

    @Test
    void typedefNamesAreTakenAsTypesInParenthesesButOtherNamesAreDeclarators() {
        // "(MPI_Comm)" is a parameter list; "(MPI_Fn)" is a parenthesised name being declared.
        String text = PRELUDE + "typedef int (MPI_Fn)(MPI_Comm); int h(int (MPI_Comm));";
        assertThat(typedef(text, "MPI_Fn").type().spelling()).isEqualTo("int (MPI_Comm)");
        assertThat(function(text, "h").type().spelling()).isEqualTo("int (int (MPI_Comm))");
    }

    // ---------------------------------------------------------------- structs

    @Test
    void statusStructWithMembersInOrder() {
        var s = (CDeclaration.Struct) parse("""
                struct ompi_status_public_t {
                    int MPI_SOURCE;
                    int MPI_TAG;
                    int MPI_ERROR;
                    int _cancelled;
                    unsigned long _ucount;
                };""").get(0);
        assertThat(s.name()).isEqualTo("ompi_status_public_t");
        assertThat(s.type().spelling()).isEqualTo("struct ompi_status_public_t");
        assertThat(s.fields()).extracting(CDeclaration.Struct.Field::name)
                .containsExactly("MPI_SOURCE", "MPI_TAG", "MPI_ERROR", "_cancelled", "_ucount");
        assertThat(s.fields().get(4).type().spelling()).isEqualTo("unsigned long");
    }

    @Test
    void untaggedStructTakesTheTypedefName() {
        List<CDeclaration> declarations = parse("typedef struct { int MPI_SOURCE; int reserved[5]; } MPI_Status;");
        var s = (CDeclaration.Struct) declarations.get(0);
        assertThat(s.name()).isNull();
        assertThat(s.typedefName()).isEqualTo("MPI_Status");
        assertThat(s.fields().get(1).type().spelling()).isEqualTo("int [5]");
        var t = (CDeclaration.Typedef) declarations.get(1);
        assertThat(t.type().spelling()).isEqualTo("struct {...}");
    }

    @Test
    void nestedAnonymousMembersBitFieldsAndUnions() {
        List<CDeclaration> declarations = parse("""
                struct outer {
                    union { int i; float f; };
                    struct inner { int a : 3; int : 5; } in;
                    unsigned flag : 1, other : 2;
                    void (*callback)(struct outer *self);
                };""");
        assertThat(declarations).hasSize(3);
        var union = (CDeclaration.Struct) declarations.get(0);
        assertThat(union.union()).isTrue();
        var inner = (CDeclaration.Struct) declarations.get(1);
        assertThat(inner.fields()).extracting(CDeclaration.Struct.Field::bitWidth).containsExactly(3, 5);
        assertThat(inner.fields().get(1).name()).isNull();
        var outer = (CDeclaration.Struct) declarations.get(2);
        assertThat(outer.fields()).extracting(CDeclaration.Struct.Field::name)
                .containsExactly(null, "in", "flag", "other", "callback");
        assertThat(outer.fields().get(0).type().spelling()).isEqualTo("union {...}");
        assertThat(outer.fields().get(4).type().spelling()).isEqualTo("void (*)(struct outer *)");
    }

    @Test
    void forwardDeclarationsDeclareNothing() {
        assertThat(parse("struct MPIR_T_enum_s; typedef struct MPIR_T_enum_s *MPI_T_enum;"))
                .extracting(CDeclaration::name).containsExactly("MPI_T_enum");
    }

    // ---------------------------------------------------------------- enums

    @Test
    void enumsKeepExpressionsAndImplicitValues() {
        var e = (CDeclaration.Enum) parse("""
                typedef enum MPIR_T_pvar_class_t {
                    MPI_T_PVAR_CLASS_INVALID = 0,
                    MPIR_T_PVAR_CLASS_FIRST = 240,
                    MPI_T_PVAR_CLASS_STATE = MPIR_T_PVAR_CLASS_FIRST,
                    MPI_T_PVAR_CLASS_LEVEL,
                    MPI_X __attribute__((deprecated)) = (1 << 3) | FLAG(a, b),
                    MPI_NEG = -1,
                    MPIR_T_PVAR_CLASS_NUMBER = MPIR_T_PVAR_CLASS_LAST - MPIR_T_PVAR_CLASS_FIRST,
                } MPIR_T_pvar_class_t;""").get(0);
        assertThat(e.name()).isEqualTo("MPIR_T_pvar_class_t");
        assertThat(e.enumerators()).extracting(CDeclaration.Enum.Enumerator::name).containsExactly(
                "MPI_T_PVAR_CLASS_INVALID", "MPIR_T_PVAR_CLASS_FIRST", "MPI_T_PVAR_CLASS_STATE",
                "MPI_T_PVAR_CLASS_LEVEL", "MPI_X", "MPI_NEG", "MPIR_T_PVAR_CLASS_NUMBER");
        assertThat(e.enumerators()).extracting(CDeclaration.Enum.Enumerator::initializer).containsExactly(
                "0", "240", "MPIR_T_PVAR_CLASS_FIRST", null, "(1 << 3) | FLAG(a, b)", "-1",
                "MPIR_T_PVAR_CLASS_LAST - MPIR_T_PVAR_CLASS_FIRST");
    }

    @Test
    void untaggedEnumTakesTheTypedefNameAndPlainOnesHaveNone() {
        List<CDeclaration> declarations = parse("enum { MPI_IDENT, MPI_CONGRUENT }; typedef enum { A } MPI_T_cb_safety;");
        assertThat(((CDeclaration.Enum) declarations.get(0)).typedefName()).isNull();
        assertThat(((CDeclaration.Enum) declarations.get(1)).typedefName()).isEqualTo("MPI_T_cb_safety");
    }

    // ---------------------------------------------------------------- variables, locations, macros

    @Test
    void variablesAndInitialisersAreRead() {
        List<CDeclaration> declarations = parse(
                "extern int * const MPI_UNWEIGHTED; static const int table[] = { 1, (2), 3 }, *p = 0; int after;");
        assertThat(declarations).extracting(CDeclaration::name).containsExactly("MPI_UNWEIGHTED", "table", "p", "after");
        var unweighted = (CDeclaration.Variable) declarations.get(0);
        assertThat(unweighted.isExtern()).isTrue();
        assertThat(unweighted.type().spelling()).isEqualTo("int * const");
    }

    @Test
    void lineMarkersGiveEachDeclarationItsFileAndLine() {
        String text = """
                # 1 "t.c"
                # 1 "/usr/include/mpi.h" 1 3
                typedef int MPI_Comm;

                int MPI_Barrier(MPI_Comm comm);
                # 7 "/usr/include/mpio.h" 1
                int MPI_File_close(int *fh);
                # 9 "/usr/include/mpi.h" 2
                int MPI_Finalize(void);
                """;
        assertThat(parse(text)).extracting(d -> d.location().toString()).containsExactly(
                "/usr/include/mpi.h:1", "/usr/include/mpi.h:3", "/usr/include/mpio.h:7", "/usr/include/mpi.h:9");
    }

    @Test
    void definesAndUndefsFromDashDdOutput() {
        var unit = CDeclarationParser.parse("""
                # 1 "/usr/include/mpi.h"
                #define MPI_H_INCLUDED
                #define MPI_ANY_SOURCE (-2)
                #define MPI_Aint_add(base,disp) ((MPI_Aint) ((char *) (base) + (disp)))
                #define MPI_Address(...) THIS_FUNCTION_WAS_REMOVED(MPI_Address)
                #define GONE 1
                #undef GONE
                int MPI_Init(int *argc, char ***argv);
                """);
        assertThat(unit.macros().keySet()).containsExactly("MPI_H_INCLUDED", "MPI_ANY_SOURCE", "MPI_Aint_add", "MPI_Address");
        assertThat(unit.macros().get("MPI_H_INCLUDED").body()).isEmpty();
        assertThat(unit.macros().get("MPI_ANY_SOURCE").body()).isEqualTo("(-2)");
        assertThat(unit.macros().get("MPI_ANY_SOURCE").isFunctionLike()).isFalse();
        assertThat(unit.macros().get("MPI_Aint_add").parameters()).containsExactly("base", "disp");
        assertThat(unit.macros().get("MPI_Address").variadic()).isTrue();
        assertThat(unit.macros().get("MPI_ANY_SOURCE").location().toString()).isEqualTo("/usr/include/mpi.h:2");
        assertThat(unit.declarations()).extracting(CDeclaration::name).containsExactly("MPI_Init");
    }

    @Test
    void errorsNameTheFileAndLine() {
        assertThatThrownBy(() -> parse("# 5 \"/x/mpi.h\"\nint MPI_Bad(int;\n"))
                .isInstanceOf(CParseException.class)
                .hasMessage("/x/mpi.h:5: expected ')', found ';'");
        assertThatThrownBy(() -> parse("struct s { int a[n]; };"))
                .isInstanceOf(CParseException.class)
                .hasMessageContaining("not an integer constant expression");
    }

    // ---------------------------------------------------------------- type spellings

    @ParameterizedTest
    @ValueSource(strings = {
        "int", "const int", "unsigned long long", "void *", "const void *", "const int * const", "int * const *",
        "char **", "char ***", "int []", "int [][3]", "const char * const []", "int (*)[3]", "int (*)(MPI_Comm, int)",
        "void (MPI_Comm *, int *, ...)", "double (void)", "int (...)", "void (*(int, void (*)(int)))(int)",
        "struct ompi_status_public_t", "struct ompi_communicator_t *", "MPI_Comm_copy_attr_function *",
        "int (*[4])(void)", "struct {...}", "const union {...} *", "enum MPIR_Win_flavor"
    })
    void parseTypeReadsBackEverySpelling(String spelling) {
        assertThat(CDeclarationParser.parseType(spelling).spelling()).isEqualTo(spelling);
    }

    @Test
    void parseTypeNormalisesEquivalentSpellings() {
        assertThat(CDeclarationParser.parseType("int const*").spelling()).isEqualTo("const int *");
        assertThat(CDeclarationParser.parseType("long unsigned int").spelling()).isEqualTo("unsigned long");
        assertThat(CDeclarationParser.parseType("int (*) [3]")).isEqualTo(
                new CType.Pointer(new CType.Array(new CType.Named("int"), 3)));
        assertThat(CDeclarationParser.parseType("MPI_Comm_copy_attr_function (*)")).isEqualTo(
                new CType.Pointer(new CType.Named("MPI_Comm_copy_attr_function")));
    }

    @Test
    void parseTypeRejectsWhatIsNotOneType() {
        assertThatThrownBy(() -> CDeclarationParser.parseType("int x")).isInstanceOf(CParseException.class)
                .hasMessageContaining("unexpected 'x' after the type int");
        assertThatThrownBy(() -> CDeclarationParser.parseType("")).isInstanceOf(CParseException.class)
                .hasMessageContaining("expected a declaration, found end of input");
        assertThatThrownBy(() -> CDeclarationParser.parseType("int (")).isInstanceOf(CParseException.class);
    }

    @Test
    void parseTypeNameTellsTypesFromExpressions() {
        Set<String> typedefs = Set.of("MPI_Comm", "MPI_Fint");
        assertThat(CDeclarationParser.parseTypeName("int", typedefs)).contains(new CType.Named("int"));
        assertThat(CDeclarationParser.parseTypeName("MPI_Comm *", typedefs).map(CType::spelling)).contains("MPI_Comm *");
        assertThat(CDeclarationParser.parseTypeName("struct ompi_status_public_t", typedefs)).isPresent();
        for (String expression : Arrays.asList("((MPI_Comm)0x44000000)", "(-1)", "MPI_COMM_WORLD", "", "\"x\"", "MPI_Comm x")) {
            assertThat(CDeclarationParser.parseTypeName(expression, typedefs)).as(expression).isEmpty();
        }
    }

    @Test
    void castTypeFindsTheOutermostCast() {
        Set<String> typedefs = Set.of("MPI_Comm", "MPI_Status", "MPI_Datatype");
        assertThat(CDeclarationParser.castType("((MPI_Comm) ((void *) &(ompi_mpi_comm_world)))", typedefs))
                .contains(new CType.Named("MPI_Comm"));
        assertThat(CDeclarationParser.castType("(MPI_Status *)1", typedefs).map(CType::spelling)).contains("MPI_Status *");
        assertThat(CDeclarationParser.castType("((MPI_Datatype)0x4c000405)", typedefs)).contains(new CType.Named("MPI_Datatype"));
        assertThat(CDeclarationParser.castType("((void *) 2)", typedefs).map(CType::spelling)).contains("void *");
        assertThat(CDeclarationParser.castType("(int (*)(MPI_Comm))0", typedefs).map(CType::spelling))
                .contains("int (*)(MPI_Comm)");
        assertThat(CDeclarationParser.castType("(MPI_Comm)table[3].field", typedefs)).isPresent();
        for (String notCast : List.of("(-2)", "(int)a + 1", "MPI_COMM_WORLD", "((MPI_Comm)1) | 2", "(x)(y)", "(MPI_Comm)", "\"s\"")) {
            assertThat(CDeclarationParser.castType(notCast, typedefs)).as(notCast).isEmpty();
        }
    }
}
