// Prints the public names of a generated TypeScript package, one per line: what its entry
// declaration file exports, and the members of each exported class, interface or object
// type (Name.member; a class's static members as Name.static.member). Run by
// scripts/clients/client_surface.py as `node surface.mjs ENTRY.d.ts`; the TypeScript compiler API.
import ts from 'typescript';

const entry = process.argv[2];
const program = ts.createProgram([entry], { strict: true, noEmit: true, skipLibCheck: true });
const checker = program.getTypeChecker();
const module = checker.getSymbolAtLocation(program.getSourceFile(entry));
const names = new Set();
for (let symbol of checker.getExportsOfModule(module)) {
  const name = symbol.getName();
  names.add(name);
  if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  if (symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    if (type.isClassOrInterface() || (type.flags & ts.TypeFlags.Object)) {
      for (const member of checker.getPropertiesOfType(type)) names.add(`${name}.${member.getName()}`);
    }
  }
  if (symbol.flags & ts.SymbolFlags.Class) {
    for (const member of checker.getPropertiesOfType(checker.getTypeOfSymbol(symbol))) {
      if (member.getName() !== 'prototype') names.add(`${name}.static.${member.getName()}`);
    }
  }
  if (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable)) {
    const type = checker.getTypeOfSymbol(symbol);
    for (const signature of type.getCallSignatures()) {
      for (const parameter of signature.getParameters()) names.add(`${name}(${parameter.getName()})`);
    }
  }
}
console.log([...names].sort().join('\n'));
