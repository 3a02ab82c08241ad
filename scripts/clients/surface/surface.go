// Prints the exported names of the Go package in the folder given as the first argument, one
// per line: functions, types, methods (Type.Method), struct fields (Type.Field), consts, vars.
// With a second argument, the shared runtime's folder: a type alias of a runtime type
// (`type ApiError = apiruntime.ApiError`) lists that type's fields and methods under the
// alias's name, since callers use them by the package's name.
// With -signatures, it prints instead each function's and method's signature and each field's
// type after its name (`FarmInfo.ID *string`, `NewClient func(options Options) (*APIClient,
// error)`): a change there breaks callers as a removed name does.
// Run by scripts/clients/client_surface.py; go/parser, go/ast and go/types' ExprString only.
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
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
	signatures := flag.Bool("signatures", false, "print each name's signature or type after it")
	flag.Parse()
	pkg := parse(flag.Arg(0))
	names := exported(pkg)
	if flag.NArg() > 1 {
		runtime := exported(parse(flag.Arg(1)))
		for alias, target := range aliases(pkg) {
			for name, typ := range runtime {
				if member := strings.TrimPrefix(name, target+"."); member != name {
					names[alias+"."+member] = typ
				}
			}
		}
	}
	sorted := make([]string, 0, len(names))
	for name, typ := range names {
		if !*signatures {
			sorted = append(sorted, name)
		} else if typ != "" {
			sorted = append(sorted, name+" "+typ)
		}
	}
	sort.Strings(sorted)
	for _, name := range sorted {
		fmt.Println(name)
	}
}

// signature is a function's type without its parameters' and results' names, which are no
// part of the API (a caller never names them): func(Options) (*APIClient, error).
func signature(fn *ast.FuncType) string {
	unnamed := func(list *ast.FieldList) *ast.FieldList {
		if list == nil {
			return nil
		}
		out := &ast.FieldList{}
		for _, field := range list.List {
			count := len(field.Names) // a, b int: two of int; an unnamed one: one
			if count == 0 {
				count = 1
			}
			for i := 0; i < count; i++ {
				out.List = append(out.List, &ast.Field{Type: field.Type})
			}
		}
		return out
	}
	return types.ExprString(&ast.FuncType{Params: unnamed(fn.Params), Results: unnamed(fn.Results)})
}

// exported maps the package's exported names to their signatures or types ("" for a type or an
// untyped constant).
func exported(packages map[string]*ast.Package) map[string]string {
	names := map[string]string{}
	for _, pkg := range packages {
		for _, file := range pkg.Files {
			for _, decl := range file.Decls {
				switch d := decl.(type) {
				case *ast.FuncDecl:
					if !d.Name.IsExported() {
						continue
					}
					if d.Recv == nil {
						names[d.Name.Name] = signature(d.Type)
					} else if owner := receiver(d.Recv.List[0].Type); ast.IsExported(owner) {
						names[owner+"."+d.Name.Name] = signature(d.Type)
					}
				case *ast.GenDecl:
					for _, spec := range d.Specs {
						switch s := spec.(type) {
						case *ast.TypeSpec:
							if !s.Name.IsExported() {
								continue
							}
							names[s.Name.Name] = ""
							if st, ok := s.Type.(*ast.StructType); ok {
								for _, field := range st.Fields.List {
									for _, name := range field.Names {
										if name.IsExported() {
											names[s.Name.Name+"."+name.Name] = types.ExprString(field.Type)
										}
									}
								}
							}
						case *ast.ValueSpec:
							for _, name := range s.Names {
								if name.IsExported() {
									names[name.Name] = ""
									if s.Type != nil {
										names[name.Name] = types.ExprString(s.Type)
									}
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
