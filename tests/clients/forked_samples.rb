# frozen_string_literal: true

# Runs Ruby scripts as `ruby SCRIPT` would (with this process's load path), each in its own
# process, forked from one that has already required what they share (the clients' gems,
# Typhoeus, JSON), so a script does not pay Ruby's start and those requires again
# (tests/clients/test_code_samples.py; docs/decisions/, 102). The Ruby twin of
# forked_samples.py.
#
# Usage: ruby -I LIB... forked_samples.rb FEATURE,... SCRIPT...   prints {"SCRIPT": exit status, ...} as JSON
#
# Each script's stdout and stderr go to SCRIPT.out and SCRIPT.err. A script runs as the main
# program ($PROGRAM_NAME is the script, ARGV empty); its exit status is what `ruby SCRIPT` would
# give: 0, its `exit` status, or 1 with the error and its backtrace on stderr. A script still
# running after SCRIPT_SECONDS is killed; its status is then 1, and its stderr says so.

require 'json'

SCRIPT_SECONDS = 60
CHILD_FAILED = 70 # the child could not run the script (EX_SOFTWARE)

# The script run in this (forked) process: its exit status as `ruby SCRIPT` gives it.
def run_here(script)
  $PROGRAM_NAME = script
  ARGV.clear
  load(script)
  0
rescue SystemExit => e
  e.status
rescue Exception => e # rubocop:disable Lint/RescueException -- what the interpreter does with an uncaught error
  warn e.full_message(highlight: false)
  1
end

# The forked process: the script's output to its files, the script, then out, whatever happened
# (exit! runs no at_exit handler the parent registered).
def child(script)
  status = CHILD_FAILED
  begin
    $stdout.reopen("#{script}.out", 'w')
    $stderr.reopen("#{script}.err", 'w')
    status = run_here(script)
  ensure
    [$stdout, $stderr].each { |stream| stream.flush rescue nil } # rubocop:disable Style/RescueModifier
    exit!(status)
  end
end

def run_forked(script)
  $stdout.flush
  $stderr.flush
  pid = fork { child(script) }
  waiter = Thread.new { Process.wait2(pid)[1] }
  if waiter.join(SCRIPT_SECONDS).nil?
    Process.kill('KILL', pid)
    waiter.join
    File.write("#{script}.err", "forked_samples.rb: killed after #{SCRIPT_SECONDS} s\n", mode: 'a')
    return 1
  end
  waiter.value.exitstatus || 1
end

features, *scripts = ARGV
features.split(',').reject(&:empty?).each { |feature| require feature }
puts JSON.generate(scripts.to_h { |script| [script, run_forked(script)] })
