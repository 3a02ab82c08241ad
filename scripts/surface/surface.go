// Prints the exported names of the Go package in the folder given as the argument, one per
// line: functions, types, methods (Type.Method), struct fields (Type.Field), consts, vars.
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

func main() {
	fset := token.NewFileSet()
	packages, err := parser.ParseDir(fset, os.Args[1], func(info os.FileInfo) bool {
		return !strings.HasSuffix(info.Name(), "_test.go")
	}, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
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
	sorted := make([]string, 0, len(names))
	for name := range names {
		sorted = append(sorted, name)
	}
	sort.Strings(sorted)
	for _, name := range sorted {
		fmt.Println(name)
	}
}
