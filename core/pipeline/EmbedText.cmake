# cmake -DIN=FILE -DOUT=FILE -P EmbedText.cmake
# Writes FILE's text as a C++ raw string literal (for #include).
file(READ "${IN}" content)
file(WRITE "${OUT}" "R\"spyre_embedded(${content})spyre_embedded\"\n")
