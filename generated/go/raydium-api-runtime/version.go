package apiruntime

// Version is this runtime's version, which every host's module requires exactly.
const Version = "2.2.0"
