package org.mpi4all.core.blueprint;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Name-ordered, duplicate-free lists: what keeps two blueprints of the same header byte-identical. */
final class Names {
    private Names() {}

    static <T> List<T> sortedCopy(List<T> items, Function<T, String> name, String what) {
        if (items == null) {
            return List.of();
        }
        List<T> sorted = new ArrayList<>(items);
        sorted.sort(Comparator.comparing(name));
        for (int i = 1; i < sorted.size(); i++) {
            if (name.apply(sorted.get(i)).equals(name.apply(sorted.get(i - 1)))) {
                throw new IllegalArgumentException("duplicate " + what + ": " + name.apply(sorted.get(i)));
            }
        }
        return Collections.unmodifiableList(sorted);
    }

    static <T> Optional<T> find(List<T> sortedItems, Function<T, String> name, String wanted) {
        int index = Collections.binarySearch(sortedItems.stream().map(name).toList(), wanted);
        return index >= 0 ? Optional.of(sortedItems.get(index)) : Optional.empty();
    }

    static <T> List<T> copy(List<T> items) {
        return items == null ? List.of() : List.copyOf(items);
    }
}
