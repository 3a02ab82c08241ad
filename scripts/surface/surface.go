// Prints the exported names of the Go package in the folder given as the first argument, one
// per line: functions, types, methods (Type.Method), struct fields (Type.Field), consts, vars.
// With a second argument, the shared runtime's folder: a type alias of a runtime type
// (`type ApiError = apiruntime.ApiError`) lists that type's fields and methods under the
// alias's name, since callers use them by the package's name.
// Run by scripts/client_surface.py; go/parser and go/ast only.
package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"sort"
	"strings"
)

func receiver(expr ast.Expr) string {
	switch t := expr.(type) {
	case *ast.StarExpr:
		return receiver(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.IndexExpr:
		return receiver(t.X)
	}
	return ""
}

// parse reads the package in folder, or exits with the parser's error.
func parse(folder string) map[string]*ast.Package {
	packages, err := parser.ParseDir(token.NewFileSet(), folder, func(info os.FileInfo) bool {
		return !strings.HasSuffix(info.Name(), "_test.go")
	}, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	return packages
}

// aliases maps each exported alias of another package's type to that type's name.
func aliases(packages map[string]*ast.Package) map[string]string {
	found := map[string]string{}
	for _, pkg := range packages {
		for _, file := range pkg.Files {
			for _, decl := range file.Decls {
				if d, ok := decl.(*ast.GenDecl); ok {
					for _, spec := range d.Specs {
						if s, ok := spec.(*ast.TypeSpec); ok && s.Assign.IsValid() && s.Name.IsExported() {
							if sel, ok := s.Type.(*ast.SelectorExpr); ok {
								found[s.Name.Name] = sel.Sel.Name
							}
						}
					}
				}
			}
		}
	}
	return found
}

func main() {
	pkg := parse(os.Args[1])
	names := exported(pkg)
	if len(os.Args) > 2 {
		runtime := exported(parse(os.Args[2]))
		for alias, target := range aliases(pkg) {
			for name := range runtime {
				if member := strings.TrimPrefix(name, target+"."); member != name {
					names[alias+"."+member] = true
				}
			}
		}
	}
	sorted := make([]string, 0, len(names))
	for name := range names {
		sorted = append(sorted, name)
	}
	sort.Strings(sorted)
	for _, name := range sorted {
		fmt.Println(name)
	}
}

// exported lists the package's exported names.
func exported(packages map[string]*ast.Package) map[string]bool {
	names := map[string]bool{}
	for _, pkg := range packages {
		for _, file := range pkg.Files {
			for _, decl := range file.Decls {
				switch d := decl.(type) {
				case *ast.FuncDecl:
					if !d.Name.IsExported() {
						continue
					}
					if d.Recv == nil {
						names[d.Name.Name] = true
					} else if owner := receiver(d.Recv.List[0].Type); ast.IsExported(owner) {
						names[owner+"."+d.Name.Name] = true
					}
				case *ast.GenDecl:
					for _, spec := range d.Specs {
						switch s := spec.(type) {
						case *ast.TypeSpec:
							if !s.Name.IsExported() {
								continue
							}
							names[s.Name.Name] = true
							if st, ok := s.Type.(*ast.StructType); ok {
								for _, field := range st.Fields.List {
									for _, name := range field.Names {
										if name.IsExported() {
											names[s.Name.Name+"."+name.Name] = true
										}
									}
								}
							}
						case *ast.ValueSpec:
							for _, name := range s.Names {
								if name.IsExported() {
									names[name.Name] = true
								}
							}
						}
					}
				}
			}
		}
	}
	return names
}
