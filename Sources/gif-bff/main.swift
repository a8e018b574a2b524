import HTTPServer
print("gif-bff")
