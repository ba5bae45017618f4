# Hand-checked interpreter semantics: one test function per op family plus
# every interpreter diagnostic (InterpOpsTest.cpp).
target_sources(interp_tests PRIVATE ${CMAKE_CURRENT_LIST_DIR}/InterpOpsTest.cpp)
target_link_libraries(interp_tests PRIVATE SpyreDriver Qt6::Core Qt6::Test)
spyre_suite_test(interp_tests interp.ops InterpOpsTest)
