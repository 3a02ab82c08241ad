# One page walk of the generated Ruby pool-v3 client, for tests/clients/paging_walks.py: its one
# argument is the walk's request (JSON), and it prints how the walk ended (JSON). Run from the
# repository's root with the shared runtime on the load path (tests/project.py's RUBY_COMMAND).
require 'json'
$LOAD_PATH.unshift(File.expand_path('../../generated/ruby/pool-v3/lib', __dir__))
require 'raydium_pool_v3_client'

pool = RaydiumPoolV3Client
request = JSON.parse(ARGV.fetch(0))
api = pool::PoolsApi.new(pool::ApiClient.new(pool::Contract.configuration(request['baseUrl'])))
cursor = request['style'] == 'cursor'
option = cursor ? :next_page_id : :page
opts = { (cursor ? :size : :page_size) => request['perPage'] }
opts[option] = request['start'] unless request['start'].nil?
opts[:max_pages] = request['maxPages'] unless request['maxPages'].nil?
# a policy for this walk's calls alone (the per-call option; the configuration keeps its own)
opts[:retry_policy] = pool::Contract::DEFAULT_RETRY_POLICY.with(max_retries: request['maxRetries']) if request['maxRetries']
ids = []
pages = []
error = nil
begin
  if request['pages'] # an Enumerator of pages
    walk = cursor ? api.each_list_pools_by_cursor_page(opts) : api.each_list_pools_page(opts)
    walk.each do |page|
      pages << page.data.data.map(&:id)
      ids.concat(pages.last)
    end
  elsif cursor # the items, to a block
    api.each_list_pools_by_cursor(opts) { |item| ids << item.id }
  else
    api.each_list_pools(opts) { |item| ids << item.id }
  end
rescue pool::ApiError => e
  # the walk protocol names the query parameter; a Ruby walk resumes from its option (:next_page_id)
  resume = e.resume&.transform_keys { |key| { next_page_id: 'nextPageId', page: 'page' }.fetch(key) }
  error = { kind: e.class.name.split('::').last, attempts: e.attempts, resume: resume, message: e.message }
end
$stdout.write(JSON.generate({ ids: ids, error: error }.merge(request['pages'] ? { pages: pages } : {})))
