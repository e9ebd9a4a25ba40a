// RUN: graph-diff-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect

// expected-error @below {{must hold exactly one prof.scope, the root}}
prof.profile @p metrics ["bytes"] {
  prof.scope "a" total [1]
  prof.scope "b" total [1]
}

// -----

// expected-error @below {{must hold exactly one prof.scope, the root}}
prof.profile @p metrics ["bytes"] {
}

// -----

// expected-error @below {{names metric 'bytes' twice}}
prof.profile @p metrics ["bytes", "bytes"] {
  prof.scope "r" total [1, 1]
}

// -----

// expected-error @below {{needs at least one metric}}
prof.profile @p metrics [] {
  prof.scope "r" total []
}

// -----

prof.profile @p metrics ["bytes", "params"] {
  // expected-error @below {{has 1 total values for 2 metrics}}
  prof.scope "r" total [1]
}

// -----

prof.profile @p metrics ["bytes"] {
  // expected-error @below {{has an unknown total value}}
  prof.scope "r" total [?]
}

// -----

prof.profile @p metrics ["bytes"] {
  // expected-error @below {{has a negative self value}}
  prof.scope "r" self [-1] total [3]
}

// -----

prof.profile @p metrics ["bytes"] {
  // expected-error @below {{has self value 5 above its total 3 for metric 'bytes'}}
  prof.scope "r" self [5] total [3]
}

// -----

prof.profile @p metrics ["bytes"] {
  prof.scope "r" total [3] {
    prof.scope "a" total [3] {
      // expected-error @below {{name 'b/c' does not extend its parent's name 'a/'}}
      prof.scope "b/c" total [1]
    }
  }
}

// -----

prof.profile @p metrics ["bytes"] {
  prof.scope "r" total [3] {
    prof.scope "a" total [3] {
      // expected-error @below {{name 'a/' does not extend its parent's name 'a/'}}
      prof.scope "a/" total [1]
    }
  }
}

// -----

prof.profile @p metrics ["bytes"] {
  prof.scope "r" total [3] {
    // expected-note @below {{first here}}
    prof.scope "a" total [1]
    // expected-error @below {{repeats the name 'a' of a sibling}}
    prof.scope "a" total [2]
  }
}

// -----

prof.profile @p metrics ["bytes"] {
  // expected-error @below {{has an empty name}}
  prof.scope "" total [3]
}

// -----

// expected-error @below {{expects parent op to be one of}}
prof.scope "x" total [1]

// -----

prof.profile @p metrics ["bytes"] {
  prof.scope "r" total [3] {
    // expected-error @below {{is not a prof.scope, in a prof.scope}}
    "test.other"() : () -> ()
  }
}

// -----

prof.profile @p metrics ["bytes"] {
  // expected-error @below {{has a negative unsized count}}
  prof.scope "r" total [3] unsized -1
}

// -----

prof.profile @p metrics ["bytes"] {
  // expected-error @below {{expected integer value}}
  prof.scope "r" total [x]
}
