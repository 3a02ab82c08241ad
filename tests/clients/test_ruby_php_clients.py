"""The Ruby and PHP clients (generated/ruby/<host>, generated/php/<host>) load with Debian's
packages alone (ruby-typhoeus; php-guzzlehttp-guzzle and -psr7, no composer), and one call
per operation against Prism decodes into the declared success model.

The test writes one script per host and language (not committed): every operation called
with the bundle's examples, one JSON line per call."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from toolchains import require

from calls import operations, resolve, success_type
from mock_servers import Prism
from project import HOSTS, REPO

pytestmark = pytest.mark.e2e
GENERATED = REPO / "generated"


def snake(name: str) -> str:
    import re

    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).replace("-", "_").lower()


def arguments(host: str, op: dict[str, Any]) -> tuple[list[object], str | None]:
    """The positional arguments (the body first, then the required parameters in order)
    as JSON values, and the body's model name (None for an open object body)."""
    values: list[object] = []
    model = None
    if "requestBody" in op:
        media = resolve(host, op["requestBody"])["content"]["application/json"]
        values.append(resolve(host, next(iter(media["examples"].values())))["value"])
        schema = resolve(host, media["schema"])
        if "properties" in schema or "allOf" in schema:
            model = media["schema"]["$ref"].rsplit("/", 1)[1]
    for param in (resolve(host, p) for p in op.get("parameters", [])):
        if param.get("required"):
            values.append(param["example"])
    return values, model


def studly(host: str) -> str:
    return "".join(part.capitalize() for part in host.split("-"))


def php_script(host: str, base_url: str) -> str:
    namespace = f"Raydium\\{studly(host)}"
    lib = GENERATED / "php" / host / "lib"
    lines = [
        "<?php",
        "require_once '/usr/share/php/GuzzleHttp/autoload.php';",
        "spl_autoload_register(function ($class) {",
        f"    $prefix = {json.dumps(namespace + chr(92))};",
        "    if (strncmp($class, $prefix, strlen($prefix)) === 0) {",
        f"        require {json.dumps(str(lib))} . '/' . str_replace('\\\\', '/', substr($class, strlen($prefix))) . '.php';",  # noqa: E501 (a line of the PHP/Ruby script)
        "    }",
        "});",
        f"$config = {namespace}\\Configuration::getDefaultConfiguration()->setHost({json.dumps(base_url)});",
        "$http = new GuzzleHttp\\Client();",
    ]  # fmt: skip
    for _, _, _, op in operations([host]):
        values, model = arguments(host, op)
        args = []
        for i, value in enumerate(values):
            literal = f"json_decode({json.dumps(json.dumps(value))}, {'false' if isinstance(value, dict) else 'true'})"
            if i == 0 and model is not None:
                literal = f"{namespace}\\ObjectSerializer::deserialize(json_decode({json.dumps(json.dumps(value))}), '{namespace}\\Model\\{model}')"  # noqa: E501 (a line of the PHP/Ruby script)
            args.append(literal)
        api = f"{namespace}\\Api\\{op['tags'][0]}Api"
        lines += [
            "try {",
            f"    $result = (new {api}($http, $config))->{op['operationId']}({', '.join(args)});",
            f"    echo json_encode(['op' => {json.dumps(op['operationId'])}, 'class' => $result === null ? null : (new ReflectionClass($result))->getShortName(),"  # noqa: E501 (a line of the PHP/Ruby script)
            " 'success' => $result === null ? null : $result->getSuccess()]), \"\\n\";",
            "} catch (Throwable $e) {",
            f"    echo json_encode(['op' => {json.dumps(op['operationId'])}, 'error' => get_class($e) . ': ' . $e->getMessage()]), \"\\n\";",  # noqa: E501 (a line of the PHP/Ruby script)
            "}",
        ]  # fmt: skip
    return "\n".join(lines) + "\n"


def ruby_script(host: str, base_url: str) -> str:
    gem = f"raydium_{host.replace('-', '_')}_client"
    module = "Raydium" + studly(host) + "Client"
    lines = [
        "require 'json'",
        "require 'uri'",
        f"$LOAD_PATH.unshift({json.dumps(str(GENERATED / 'ruby' / host / 'lib'))})",
        f"require '{gem}'",
        f"config = {module}::Configuration.new",
        f"uri = URI({json.dumps(base_url)})",
        "config.scheme = uri.scheme",
        "config.host = \"#{uri.host}:#{uri.port}\"",
        "config.base_path = ''",
        "config.server_index = nil",
        f"client = {module}::ApiClient.new(config)",
    ]  # fmt: skip
    for _, _, _, op in operations([host]):
        values, model = arguments(host, op)
        args = []
        for i, value in enumerate(values):
            literal = f"JSON.parse({json.dumps(json.dumps(value))})"
            if i == 0 and model is not None:
                literal = f"{module}::{model}.build_from_hash(JSON.parse({json.dumps(json.dumps(value))}, symbolize_names: true))"  # noqa: E501 (a line of the PHP/Ruby script)
            args.append(literal)
        api = f"{module}::{op['tags'][0]}Api"
        lines += [
            "begin",
            f"  result = {api}.new(client).{snake(op['operationId'])}({', '.join(args)})",
            f"  puts JSON.generate({{op: {json.dumps(op['operationId'])}, class: result.nil? ? nil : result.class.name.split('::').last,"  # noqa: E501 (a line of the PHP/Ruby script)
            " success: result.nil? ? nil : result.success})",
            "rescue StandardError => e",
            f"  puts JSON.generate({{op: {json.dumps(op['operationId'])}, error: \"#{{e.class}}: #{{e.message}}\"}})",
            "end",
        ]  # fmt: skip
    return "\n".join(lines) + "\n"


def check(host: str, output: str) -> None:
    results = [json.loads(line) for line in output.splitlines() if line.startswith("{")]
    ops = {op["operationId"]: op for _, _, _, op in operations([host])}
    assert [r["op"] for r in results] == list(ops), output
    for result in results:
        op = ops[result["op"]]
        want = success_type(op)
        assert "error" not in result, result
        if want == "RawBody":
            assert result["class"] is None, result  # no response body shown: nothing to decode
            continue
        # a oneOf 200 (a failure delivered with HTTP 200) may decode as one model named after the
        # operation (the generator shares it between the two compute operations)
        union = "oneOf" in op["responses"]["200"]["content"]["application/json"]["schema"]
        assert result["class"] == want or (union and result["class"].endswith("200Response")), result
        assert result["success"] is True, result


@pytest.mark.parametrize("host", HOSTS)
def test_php_client_loads_and_decodes_every_operation(host: str, prism_servers: dict[str, Prism],
                                                      tmp_path: Path) -> None:  # fmt: skip
    require("php")
    script = tmp_path / "calls.php"
    script.write_text(php_script(host, prism_servers[host].url), encoding="utf-8")
    proc = subprocess.run(["php", str(script)], capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    check(host, proc.stdout)


@pytest.mark.parametrize("host", HOSTS)
def test_ruby_client_loads_and_decodes_every_operation(host: str, prism_servers: dict[str, Prism],
                                                       tmp_path: Path) -> None:  # fmt: skip
    require("ruby")
    script = tmp_path / "calls.rb"
    script.write_text(ruby_script(host, prism_servers[host].url), encoding="utf-8")
    proc = subprocess.run(["ruby", str(script)], capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    check(host, proc.stdout)
