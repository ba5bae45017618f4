// What select-kernel refuses (RUN line in ../select-kernel.mlir).
func.func @kernel(%x: index) {
  func.call @loop(%x) : (index) -> ()
  return
}
func.func private @loop(%x: index) {
  // expected-error @+1 {{@loop calls itself (directly or through other helpers); helpers are inlined and cannot recurse}}
  func.call @loop(%x) : (index) -> ()
  return
}

// -----

// expected-error @+1 {{the module defines no kernel}}
module {
  func.func private @helper(%x: index) {
    return
  }
}

// -----

func.func @kernel(%x: index) {
  // expected-error @+1 {{cannot inline @external: it is only declared}}
  func.call @external(%x) : (index) -> ()
  return
}
func.func private @external(index)
