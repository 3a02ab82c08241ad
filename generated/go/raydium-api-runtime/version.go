package apiruntime

// Version is this runtime's version, which every host's module requires exactly.
const Version = "1.1.0"
