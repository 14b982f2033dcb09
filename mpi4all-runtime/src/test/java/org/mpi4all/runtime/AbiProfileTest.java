package org.mpi4all.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.foreign.MemoryLayout;
import org.junit.jupiter.api.Test;

/**
 * The profiles the jar carries read back as the facts measured on each implementation (Open MPI's 24-byte status
 * with the source first, MPICH's 20 bytes with it at 8, the MPI-5 ABI's 32), and a broken profile is refused with
 * its line. No MPI library is loaded.
 */
class AbiProfileTest {
    private static AbiProfile profile(String name) {
        return AbiProfiles.all().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    private static long offset(AbiProfile profile, String field) {
        return profile.structs().get("MPI_Status").layout().byteOffset(MemoryLayout.PathElement.groupElement(field));
    }

    @Test
    void theJarCarriesAProfileForEachProbedImplementation() {
        assertThat(AbiProfiles.all()).extracting(AbiProfile::name)
                .containsExactlyInAnyOrder("openmpi", "openmpi5", "mpich", "mpich5", "intelmpi", "mpiabi");
    }

    @Test
    void theIndexSaysWhatEachProfilesImplementationLineSays() {
        for (AbiProfiles.Listed listed : AbiProfiles.listed()) {
            AbiProfile profile = listed.load();
            assertThat(new AbiProfiles.Listed(profile.name(), profile.family(), profile.version(),
                    profile.libraryVersion())).isEqualTo(listed);
        }
    }

    @Test
    void handleCarriersStatusLayoutsAndConstantsAreEachFamilysOwn() {
        AbiProfile openmpi = profile("openmpi");
        assertThat(openmpi.intHandle("MPI_Comm")).isFalse();
        assertThat(openmpi.structs().get("MPI_Status").layout().byteSize()).isEqualTo(24);
        assertThat(offset(openmpi, "MPI_SOURCE")).isZero();
        assertThat(openmpi.constants().get("MPI_COMM_WORLD")).isEqualTo("&ompi_mpi_comm_world");

        AbiProfile mpich = profile("mpich");
        assertThat(mpich.intHandle("MPI_Comm")).isTrue();
        assertThat(mpich.intHandle("MPI_T_enum")).as("MPICH's tool handles are pointers").isFalse();
        assertThat(mpich.structs().get("MPI_Status").layout().byteSize()).isEqualTo(20);
        assertThat(offset(mpich, "MPI_SOURCE")).isEqualTo(8);
        assertThat(mpich.constants().get("MPI_COMM_WORLD")).isEqualTo(Long.toString(0x44000000));
        assertThat(mpich.constants().get("MPI_UNWEIGHTED")).isEqualTo("*MPI_UNWEIGHTED");
        assertThat(mpich.macroFunctions()).containsEntry("MPI_Comm_c2f", "java");

        AbiProfile standard = profile("mpiabi");
        assertThat(standard.family()).isEqualTo("mpiabi");
        assertThat(standard.structs().get("MPI_Status").layout().byteSize()).isEqualTo(32);
        assertThat(standard.constants().get("MPI_COMM_WORLD")).isEqualTo(Long.toString(0x101));
        for (AbiProfile profile : AbiProfiles.all()) {
            assertThat(profile.constants().values()).as(profile.name() + ": every value a number, symbol or string")
                    .noneMatch(v -> v.equals("aux"));
        }
    }

    @Test
    void aLibraryVersionSelectsItsOwnProfileOrItsFamilysNearest() {
        assertThat(AbiProfiles.select(MpiDiscovery.Family.OPEN_MPI, profile("openmpi5").libraryVersion(), "lib").name())
                .isEqualTo("openmpi5");
        assertThat(AbiProfiles.select(MpiDiscovery.Family.OPEN_MPI, "Open MPI v4.1.6, package: Debian", "lib").name())
                .isEqualTo("openmpi");
        assertThat(AbiProfiles.select(MpiDiscovery.Family.MPICH, "MPICH Version:\t4.2.1\nMPICH Release date: ...", "lib")
                .name()).isEqualTo("mpich");
        assertThat(AbiProfiles.select(MpiDiscovery.Family.MPICH, "MPICH Version:      5.1.0", "lib").name()).isEqualTo("mpich5");
        assertThat(AbiProfiles.select(MpiDiscovery.Family.MPICH, "Intel(R) MPI Library 2021.16 for Linux* OS", "lib")
                .name()).isEqualTo("intelmpi");
        assertThat(AbiProfiles.select(MpiDiscovery.Family.STANDARD_ABI, "MPICH Version: 5.0.2", "lib").name())
                .isEqualTo("mpiabi");
    }

    @Test
    void aBrokenProfileIsRefusedWithItsLine() {
        assertThatThrownBy(() -> AbiProfile.parse("not a profile\n", "x.profile"))
                .hasMessageContaining("x.profile is not an mpi4all ABI profile");
        assertThatThrownBy(() -> AbiProfile.parse(AbiProfile.HEADER + "\nhandle\tMPI_Comm\tint\nsurprise\tline\n", "y.profile"))
                .hasMessage("y.profile, line 3: unknown line kind 'surprise'");
        assertThatThrownBy(() -> AbiProfile.parse(AbiProfile.HEADER + "\nhandle\tMPI_Comm\tint\n", "z.profile"))
                .hasMessage("z.profile has no implementation line");
    }

    /** A struct's layout is made only when first used, so whatever would make it fail is refused as the profile is read. */
    @Test
    void aStructTheLayoutCouldNotBeMadeOfIsRefusedWithItsLine() {
        String status = AbiProfile.HEADER + "\nstruct\tMPI_Status\t";
        assertThatThrownBy(() -> AbiProfile.parse(status + "16\tMPI_SOURCE:int:0\tMPI_TAG:long:4\n", "a.profile"))
                .hasMessage("a.profile, line 2: struct member MPI_TAG at offset 4 is not aligned to its size");
        assertThatThrownBy(() -> AbiProfile.parse(status + "8\tMPI_SOURCE:int:0\tMPI_TAG:int:2\n", "b.profile"))
                .hasMessage("b.profile, line 2: struct member MPI_TAG at offset 2 overlaps the member before it");
        assertThatThrownBy(() -> AbiProfile.parse(status + "8\tMPI_SOURCE:int:0\tMPI_TAG:short:4\n", "c.profile"))
                .hasMessage("c.profile, line 2: unknown struct member type 'short'");
        assertThatThrownBy(() -> AbiProfile.parse(status + "6\tMPI_SOURCE:int:0\tMPI_TAG:int:4\n", "d.profile"))
                .hasMessage("d.profile, line 2: struct MPI_Status of 6 bytes is shorter than its members, which end at 8");
        assertThatThrownBy(() -> AbiProfile.parse(status + "8\tMPI_SOURCE:int\n", "e.profile"))
                .hasMessage("e.profile, line 2: struct member 'MPI_SOURCE:int' is not NAME:TYPE:OFFSET");
    }
}
