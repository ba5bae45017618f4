# Hand-checked interpreter semantics: one test function per op family plus
# every interpreter diagnostic (InterpOpsTest.cpp).
add_executable(interp_ops_test ${CMAKE_CURRENT_LIST_DIR}/InterpOpsTest.cpp)
set_target_properties(interp_ops_test PROPERTIES AUTOMOC ON)
target_compile_definitions(interp_ops_test PRIVATE QT_NO_KEYWORDS)
target_link_libraries(interp_ops_test PRIVATE SpyreDriver Qt6::Core Qt6::Test)
add_test(NAME interp.ops COMMAND interp_ops_test)
