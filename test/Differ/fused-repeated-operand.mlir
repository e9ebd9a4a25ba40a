// A fused op that reads one value twice: `%17031 = arith.mulf %17028, %17028`
// and `%17033 = arith.addf %17031, %17029` became `math.fma %16889, %16889,
// %16890`. The pair (addf, fma) has two slots against three; once each value
// is kept at its first slot both read two values, which the votes took for a
// one-to-one rewrite and so voted the mulf for the addf %16889 (the pair of
// %17028): the plan fused %17028 into the mulf's place and updated the addf
// into the fma. That reading is only for an op rewritten into a
// destination-style one (`arith.addf` -> `linalg.generic ... outs(%a)`);
// between two other ops the slots say nothing. Both inputs are ~60 ops cut
// out of the 100k-op fuse benchmark pair (scripts/gen-arith-graph.py).
// RUN: split-file %s %t
// RUN: %expect_exit 1 graph-diff-opt --verify --format=text %t/src.mlir %t/tgt.mlir | FileCheck %s
// CHECK:     x2: fused arith.mulf + arith.addf into math.fma
// CHECK:     source %17023 + %17024 -> target %16885
// CHECK:     source %17031 + %17033 -> target %16893
// CHECK-NOT: updated
// CHECK:     summary: 57 unchanged, 0 updated, 4 replaced, 0 deleted, 0 inserted

//--- src.mlir
func.func @f(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>, %arg3: tensor<4x8xf32>, %e16985: tensor<4x8xf32>, %e16984: tensor<4x8xf32>, %e16992: tensor<4x8xf32>, %e16987: tensor<4x8xf32>, %e16993: tensor<4x8xf32>, %e16994: tensor<4x8xf32>, %e16997: tensor<4x8xf32>, %e16998: tensor<4x8xf32>, %e16996: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %17000 = arith.mulf %e16985, %e16984 : tensor<4x8xf32>
    %17001 = arith.addf %e16992, %e16985 : tensor<4x8xf32>
    %17002 = arith.addf %e16987, %e16993 : tensor<4x8xf32>
    %17003 = arith.subf %e16994, %e16992 : tensor<4x8xf32>
    %17004 = arith.mulf %e16997, %e16998 : tensor<4x8xf32>
    %17005 = arith.subf %17002, %e16994 : tensor<4x8xf32>
    %17006 = arith.constant dense<2.0> : tensor<4x8xf32>
    %17007 = arith.maximumf %17006, %17001 : tensor<4x8xf32>
    %17008 = arith.addf %e16994, %17001 : tensor<4x8xf32>
    %17009 = arith.mulf %17001, %e16993 : tensor<4x8xf32>
    %17010 = arith.mulf %17009, %17003 : tensor<4x8xf32>
    %17011 = arith.maximumf %17008, %17009 : tensor<4x8xf32>
    %17012 = arith.subf %e16996, %17009 : tensor<4x8xf32>
    %17013 = arith.maximumf %17010, %e16997 : tensor<4x8xf32>
    %17014 = arith.mulf %17010, %17002 : tensor<4x8xf32>
    %17015 = arith.addf %17014, %17009 : tensor<4x8xf32>
    %17016 = arith.maximumf %17004, %17004 : tensor<4x8xf32>
    %17017 = arith.maximumf %17009, %17016 : tensor<4x8xf32>
    %17018 = arith.subf %17003, %17012 : tensor<4x8xf32>
    %17019 = arith.mulf %17006, %17018 : tensor<4x8xf32>
    %17020 = arith.subf %17010, %17016 : tensor<4x8xf32>
    %17021 = arith.addf %17019, %17011 : tensor<4x8xf32>
    %17022 = arith.mulf %17008, %17015 : tensor<4x8xf32>
    %17023 = arith.mulf %17008, %17011 : tensor<4x8xf32>
    %17024 = arith.addf %17023, %17018 : tensor<4x8xf32>
    %17025 = arith.negf %17022 : tensor<4x8xf32>
    %17026 = arith.subf %17020, %17024 : tensor<4x8xf32>
    %17027 = arith.subf %17018, %17026 : tensor<4x8xf32>
    %17028 = arith.addf %17024, %17018 : tensor<4x8xf32>
    %17029 = arith.subf %17016, %17019 : tensor<4x8xf32>
    %17030 = arith.constant dense<2.0> : tensor<4x8xf32>
    %17031 = arith.mulf %17028, %17028 : tensor<4x8xf32>
    %17032 = arith.negf %17021 : tensor<4x8xf32>
    %17033 = arith.addf %17031, %17029 : tensor<4x8xf32>
    %17034 = arith.maximumf %17033, %17032 : tensor<4x8xf32>
    %17035 = arith.subf %17025, %17022 : tensor<4x8xf32>
    %17036 = arith.mulf %17021, %17027 : tensor<4x8xf32>
    %17037 = arith.subf %17022, %17029 : tensor<4x8xf32>
    %17038 = arith.maximumf %17030, %17022 : tensor<4x8xf32>
    %17039 = arith.maximumf %17038, %17038 : tensor<4x8xf32>
    %17040 = arith.mulf %17037, %17038 : tensor<4x8xf32>
    %17041 = arith.maximumf %17037, %17034 : tensor<4x8xf32>
    %17042 = arith.maximumf %17039, %17029 : tensor<4x8xf32>
    %17043 = arith.maximumf %17027, %17035 : tensor<4x8xf32>
    %17044 = arith.maximumf %17035, %17032 : tensor<4x8xf32>
    %17045 = arith.constant dense<1.0> : tensor<4x8xf32>
    %17046 = arith.subf %17045, %17032 : tensor<4x8xf32>
    %17047 = arith.maximumf %17044, %17043 : tensor<4x8xf32>
    %17048 = arith.maximumf %17045, %17036 : tensor<4x8xf32>
    %17049 = arith.mulf %17036, %17040 : tensor<4x8xf32>
    %17050 = arith.addf %17049, %17046 : tensor<4x8xf32>
    %17051 = arith.constant dense<3.0> : tensor<4x8xf32>
    %17052 = arith.maximumf %17046, %17043 : tensor<4x8xf32>
    %17053 = arith.mulf %17043, %17038 : tensor<4x8xf32>
    %17054 = arith.addf %17046, %17044 : tensor<4x8xf32>
    %17055 = arith.subf %17042, %17043 : tensor<4x8xf32>
    %17056 = arith.mulf %17051, %17041 : tensor<4x8xf32>
    %17057 = arith.maximumf %17054, %17045 : tensor<4x8xf32>
    %17058 = arith.maximumf %17042, %17048 : tensor<4x8xf32>
    %17059 = arith.maximumf %17058, %17047 : tensor<4x8xf32>
    %17060 = arith.subf %17052, %17050 : tensor<4x8xf32>
    return %arg0 : tensor<4x8xf32>
}

//--- tgt.mlir
func.func @f(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>, %arg3: tensor<4x8xf32>, %e16847: tensor<4x8xf32>, %e16846: tensor<4x8xf32>, %e16854: tensor<4x8xf32>, %e16849: tensor<4x8xf32>, %e16855: tensor<4x8xf32>, %e16856: tensor<4x8xf32>, %e16859: tensor<4x8xf32>, %e16860: tensor<4x8xf32>, %e16858: tensor<4x8xf32>) -> tensor<4x8xf32> {
    %16862 = arith.mulf %e16847, %e16846 : tensor<4x8xf32>
    %16863 = arith.addf %e16854, %e16847 : tensor<4x8xf32>
    %16864 = arith.addf %e16849, %e16855 : tensor<4x8xf32>
    %16865 = arith.subf %e16856, %e16854 : tensor<4x8xf32>
    %16866 = arith.mulf %e16859, %e16860 : tensor<4x8xf32>
    %16867 = arith.subf %16864, %e16856 : tensor<4x8xf32>
    %16868 = arith.constant dense<2.0> : tensor<4x8xf32>
    %16869 = arith.maximumf %16868, %16863 : tensor<4x8xf32>
    %16870 = arith.addf %e16856, %16863 : tensor<4x8xf32>
    %16871 = arith.mulf %16863, %e16855 : tensor<4x8xf32>
    %16872 = arith.mulf %16871, %16865 : tensor<4x8xf32>
    %16873 = arith.maximumf %16870, %16871 : tensor<4x8xf32>
    %16874 = arith.subf %e16858, %16871 : tensor<4x8xf32>
    %16875 = arith.maximumf %16872, %e16859 : tensor<4x8xf32>
    %16876 = arith.mulf %16872, %16864 : tensor<4x8xf32>
    %16877 = arith.addf %16876, %16871 : tensor<4x8xf32>
    %16878 = arith.maximumf %16866, %16866 : tensor<4x8xf32>
    %16879 = arith.maximumf %16871, %16878 : tensor<4x8xf32>
    %16880 = arith.subf %16865, %16874 : tensor<4x8xf32>
    %16881 = arith.mulf %16868, %16880 : tensor<4x8xf32>
    %16882 = arith.subf %16872, %16878 : tensor<4x8xf32>
    %16883 = arith.addf %16881, %16873 : tensor<4x8xf32>
    %16884 = arith.mulf %16870, %16877 : tensor<4x8xf32>
    %16885 = math.fma %16870, %16873, %16880 : tensor<4x8xf32>
    %16886 = arith.negf %16884 : tensor<4x8xf32>
    %16887 = arith.subf %16882, %16885 : tensor<4x8xf32>
    %16888 = arith.subf %16880, %16887 : tensor<4x8xf32>
    %16889 = arith.addf %16885, %16880 : tensor<4x8xf32>
    %16890 = arith.subf %16878, %16881 : tensor<4x8xf32>
    %16891 = arith.constant dense<2.0> : tensor<4x8xf32>
    %16892 = arith.negf %16883 : tensor<4x8xf32>
    %16893 = math.fma %16889, %16889, %16890 : tensor<4x8xf32>
    %16894 = arith.maximumf %16893, %16892 : tensor<4x8xf32>
    %16895 = arith.subf %16886, %16884 : tensor<4x8xf32>
    %16896 = arith.mulf %16883, %16888 : tensor<4x8xf32>
    %16897 = arith.subf %16884, %16890 : tensor<4x8xf32>
    %16898 = arith.maximumf %16891, %16884 : tensor<4x8xf32>
    %16899 = arith.maximumf %16898, %16898 : tensor<4x8xf32>
    %16900 = arith.mulf %16897, %16898 : tensor<4x8xf32>
    %16901 = arith.maximumf %16897, %16894 : tensor<4x8xf32>
    %16902 = arith.maximumf %16899, %16890 : tensor<4x8xf32>
    %16903 = arith.maximumf %16888, %16895 : tensor<4x8xf32>
    %16904 = arith.maximumf %16895, %16892 : tensor<4x8xf32>
    %16905 = arith.constant dense<1.0> : tensor<4x8xf32>
    %16906 = arith.subf %16905, %16892 : tensor<4x8xf32>
    %16907 = arith.maximumf %16904, %16903 : tensor<4x8xf32>
    %16908 = arith.maximumf %16905, %16896 : tensor<4x8xf32>
    %16909 = arith.mulf %16896, %16900 : tensor<4x8xf32>
    %16910 = arith.addf %16909, %16906 : tensor<4x8xf32>
    %16911 = arith.constant dense<3.0> : tensor<4x8xf32>
    %16912 = arith.maximumf %16906, %16903 : tensor<4x8xf32>
    %16913 = arith.mulf %16903, %16898 : tensor<4x8xf32>
    %16914 = arith.addf %16906, %16904 : tensor<4x8xf32>
    %16915 = arith.subf %16902, %16903 : tensor<4x8xf32>
    %16916 = arith.mulf %16911, %16901 : tensor<4x8xf32>
    %16917 = arith.maximumf %16914, %16905 : tensor<4x8xf32>
    %16918 = arith.maximumf %16902, %16908 : tensor<4x8xf32>
    %16919 = arith.maximumf %16918, %16907 : tensor<4x8xf32>
    %16920 = arith.subf %16912, %16910 : tensor<4x8xf32>
    return %arg0 : tensor<4x8xf32>
}
