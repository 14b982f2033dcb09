package org.mpi4all.core.c;

import java.util.List;
import java.util.Map;

/**
 * What {@link CDeclarationParser#parse(String)} finds in preprocessed text.
 *
 * @param declarations every file-scope declaration in source order, struct and enum definitions included
 *                     (nested ones before the declaration that contains them)
 * @param macros       the macros still defined at the end of the text, by name in definition order
 */
public record CTranslationUnit(List<CDeclaration> declarations, Map<String, CDeclaration.Macro> macros) {
    public CTranslationUnit {
        declarations = List.copyOf(declarations);
        macros = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(macros));
    }
}
